import { describe, expect, it } from 'vitest';
import { markContacts, renderPage, START_AT_LATEST_MS, startAfterFirstPaint } from './html.ts';

const template =
  '<html><head><!--app-head--></head><body><div id="root"></div><!--app-state--><script defer src="/static/main.1.js"></script></body></html>';

/**
 * Runs a page's inline starter in a browser made of what it touches. `observe` is what paint
 * timing does (reports later by default); `photos` are the page's high-priority images. Each
 * insertion into the head or body is kept as the elements it added («link /a.js»); timers (with
 * their delay), frames and the shopper's first touch or key are kept to be run by the test.
 */
function runStarter(files: { preload: string[]; printStyles: string[] }, options: { observe?: () => void; photos?: unknown[] } = {}) {
  const starter = startAfterFirstPaint(template, files).match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? '';
  const insertions: string[][] = [];
  const timers: [() => void, number][] = [];
  const frames: (() => void)[] = [];
  const listeners: Record<string, () => void> = {};
  let painted: ((list: unknown, observer: unknown) => void) | undefined;
  // a fragment's children land in the page when the fragment is appended
  const fragment = () => {
    const kids: Record<string, string>[] = [];
    return { kids, appendChild: (e: Record<string, string>) => kids.push(e) };
  };
  const parent = {
    appendChild: (e: Record<string, string> & { kids?: Record<string, string>[] }) =>
      insertions.push((e.kids ?? [e]).map((k) => `${k.tag} ${k.src ?? k.href}`)),
  };
  const PerformanceObserver = Object.assign(
    function PerformanceObserver(callback: typeof painted) {
      painted = callback;
      return { observe: options.observe ?? (() => undefined), disconnect: () => undefined };
    },
    { supportedEntryTypes: ['paint'] },
  );
  const run = () =>
    new Function('window', 'document', 'setTimeout', 'requestAnimationFrame', starter)(
      { PerformanceObserver, addEventListener: (type: string, fn: () => void) => (listeners[type] = fn) },
      {
        createElement: (tag: string) => ({ tag }),
        createDocumentFragment: fragment,
        head: parent,
        body: parent,
        querySelectorAll: (selector: string) => (selector === 'img[fetchpriority=high]' ? (options.photos ?? []) : []),
      },
      (fn: () => void, ms: number) => timers.push([fn, ms]),
      (fn: () => void) => frames.push(fn),
    );
  return {
    run,
    insertions,
    timers,
    frames,
    listeners,
    /** The page runs and paints well before the latest start (its timer is dropped); the photos' checks settle. */
    paintEarly: async () => {
      run();
      timers.splice(0, 1);
      painted?.({ getEntriesByName: () => [{}] }, { disconnect: () => undefined });
      await Promise.resolve();
      await Promise.resolve();
    },
    /** The next frame, then the task it queued: the first batch of links. */
    firstBatch: () => {
      frames.shift()?.();
      timers.shift()?.[0]();
    },
    /** Every queued task, in order. */
    drainTasks: () => {
      while (timers.length) timers.shift()?.[0]();
    },
    /** Promises settle, then every frame and every timer short of the latest start runs. */
    settle: async () => {
      for (let i = 0; i < 20; i++) await Promise.resolve();
      for (let next = frames.shift() ?? timers.shift()?.[0]; next; next = frames.shift() ?? timers.shift()?.[0]) next();
    },
  };
}

describe('a server-rendered page starts its scripts after it shows', () => {
  it('has no deferred entry script; one inline starter names the entry, the preloads and the print links', () => {
    const page = startAfterFirstPaint(template, {
      preload: ['/static/1.js', 'http://localhost:3001/0.1.0-1/remoteEntry.js'],
      printStyles: ['/static/1.css'],
    });
    expect(page).not.toContain('<script defer');
    const starter = page.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? '';
    expect(starter).toContain('"main":"/static/main.1.js"');
    expect(starter).toContain('"preload":["/static/1.js","http://localhost:3001/0.1.0-1/remoteEntry.js"]');
    expect(starter).toContain('"styles":["/static/1.css"]');
    expect(starter).toContain("getEntriesByName('first-contentful-paint')");
    expect(starter).toContain('supportedEntryTypes');
    // the rest of the template is as it was
    expect(renderPage(page, { head: '', body: '<p>x</p>', state: {} })).toContain('<div id="root"><p>x</p></div>');
  });

  it('cannot be closed early by a file name', () => {
    const page = startAfterFirstPaint(template, { preload: ['/static/</script><script>alert(1)//.js'], printStyles: [] });
    expect(page.match(/<\/script>/g)).toHaveLength(1);
  });

  it('starts the scripts at the latest after START_AT_LATEST_MS even when the paint observer cannot be set up', () => {
    // a browser that lists paint timing but whose observe() throws (an older engine, a page-altering extension)
    const page = runStarter(
      { preload: [], printStyles: [] },
      {
        observe() {
          throw new TypeError('observe() unsupported');
        },
      },
    );
    try {
      page.run();
    } catch {
      // the starter may fail; the page must still start
    }
    for (const [fn, ms] of page.timers) if (ms <= START_AT_LATEST_MS) fn();
    expect(page.insertions.flat()).toEqual(['script /static/main.1.js']);
  });

  it('starts the scripts at once when the shopper touches or types before the page has painted', () => {
    // paint timing that has not reported yet, and timers that have not fired
    const page = runStarter({ preload: ['/static/1.js'], printStyles: [] });
    page.run();
    expect(page.insertions.flat()).toEqual([]);
    page.listeners.pointerdown?.();
    expect(page.insertions.flat()).toEqual(['link /static/1.js', 'script /static/main.1.js']);
    page.listeners.keydown?.();
    expect(page.insertions.flat(), 'started once').toHaveLength(2);
  });

  it('waits for the high-priority photos to load and decode before it asks for any script', async () => {
    const loaded: Record<string, () => void> = {};
    let decoded = false;
    const photo = {
      complete: false,
      addEventListener: (type: string, fn: () => void) => (loaded[type] = fn),
      decode: () => Promise.resolve().then(() => (decoded = true)),
    };
    const page = runStarter({ preload: ['/static/1.js'], printStyles: [] }, { photos: [photo] });
    await page.paintEarly();
    await page.settle();
    expect(page.insertions.flat(), 'the photo is still loading').toEqual([]);
    loaded.load?.();
    await page.settle();
    expect(decoded).toBe(true);
    expect(page.insertions.flat()).toEqual(['link /static/1.js', 'script /static/main.1.js']);
  });

  it('after the first paint and a frame for its photos, adds the links a few per task and the entry last', async () => {
    const preload = Array.from({ length: 9 }, (_, i) => `/static/${i}.js`);
    const page = runStarter({ preload, printStyles: ['/static/1.css'] });
    await page.paintEarly();
    expect(page.insertions, 'nothing before the next frame').toHaveLength(0);
    expect(page.frames).toHaveLength(1);
    page.firstBatch();
    expect(page.insertions, 'the first few at once').toHaveLength(1);
    page.drainTasks();
    expect(page.insertions.map((i) => i.length)).toEqual([4, 4, 2, 1]);
    expect(page.insertions.flat()).toEqual([
      'link /static/1.css',
      ...preload.map((p) => `link ${p}`),
      'script /static/main.1.js',
    ]);
  });

  it('sends all the links left in one insertion once the shopper touches the page during the batches', async () => {
    const preload = Array.from({ length: 9 }, (_, i) => `/static/${i}.js`);
    const page = runStarter({ preload, printStyles: [] });
    await page.paintEarly();
    page.firstBatch();
    expect(page.insertions.map((i) => i.length), 'the first batch').toEqual([4]);
    page.listeners.pointerdown?.();
    page.drainTasks();
    expect(page.insertions.map((i) => i.length)).toEqual([4, 5, 1]);
    expect(page.insertions.flat().at(-1)).toBe('script /static/main.1.js');
  });
});

describe('a shop with no contact configured', () => {
  const page = '<!doctype html>\n<html lang="ru">\n  <head></head></html>';

  it('has its <html> marked, so links to the contacts section are hidden before any script', () => {
    expect(markContacts(page, {})).toContain('<html data-contacts="none" lang="ru">');
    expect(markContacts(page, { telegram: '', email: undefined })).toContain('data-contacts="none"');
  });

  it('is the only one marked: one contact is enough', () => {
    expect(markContacts(page, { email: 'shop@example.ru' })).toBe(page);
  });
});
