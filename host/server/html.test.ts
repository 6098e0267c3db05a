import { describe, expect, it } from 'vitest';
import { markContacts, renderPage, START_AT_LATEST_MS, startAfterFirstPaint } from './html.ts';

const template =
  '<html><head><!--app-head--></head><body><div id="root"></div><!--app-state--><script defer src="/static/main.1.js"></script></body></html>';

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
    const page = startAfterFirstPaint(template, { preload: [], printStyles: [] });
    const starter = page.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? '';
    const added: string[] = [];
    const timers: [() => void, number][] = [];
    const element = (tag: string) => ({ tag }) as Record<string, string>;
    // a fragment's children land in the page when the fragment is appended
    const fragment = () => {
      const kids: Record<string, string>[] = [];
      return { kids, appendChild: (e: Record<string, string>) => kids.push(e) };
    };
    const parent = {
      appendChild: (e: Record<string, string> & { kids?: Record<string, string>[] }) => {
        for (const k of e.kids ?? [e]) added.push(`${k.tag} ${k.src ?? k.href}`);
      },
    };
    // a browser that lists paint timing but whose observe() throws (an older engine, a page-altering extension)
    const PerformanceObserver = Object.assign(
      function PerformanceObserver() {
        return {
          observe() {
            throw new TypeError('observe() unsupported');
          },
        };
      },
      { supportedEntryTypes: ['paint'] },
    );
    const run = new Function('window', 'document', 'setTimeout', 'requestAnimationFrame', starter);
    try {
      run(
        { PerformanceObserver, addEventListener: () => undefined },
        { createElement: element, createDocumentFragment: fragment, head: parent, body: parent, querySelectorAll: () => [] },
        (fn: () => void, ms: number) => timers.push([fn, ms]),
        () => undefined,
      );
    } catch {
      // the starter may fail; the page must still start
    }
    for (const [fn, ms] of timers) if (ms <= START_AT_LATEST_MS) fn();
    expect(added).toEqual(['script /static/main.1.js']);
  });

  it('starts the scripts at once when the shopper touches or types before the page has painted', () => {
    const page = startAfterFirstPaint(template, { preload: ['/static/1.js'], printStyles: [] });
    const starter = page.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? '';
    const added: string[] = [];
    const listeners: Record<string, () => void> = {};
    const element = (tag: string) => ({ tag }) as Record<string, string>;
    // a fragment's children land in the page when the fragment is appended
    const fragment = () => {
      const kids: Record<string, string>[] = [];
      return { kids, appendChild: (e: Record<string, string>) => kids.push(e) };
    };
    const parent = {
      appendChild: (e: Record<string, string> & { kids?: Record<string, string>[] }) => {
        for (const k of e.kids ?? [e]) added.push(`${k.tag} ${k.src ?? k.href}`);
      },
    };
    // paint timing that has not reported yet, and timers that have not fired
    const PerformanceObserver = Object.assign(
      function PerformanceObserver() {
        return { observe: () => undefined, disconnect: () => undefined };
      },
      { supportedEntryTypes: ['paint'] },
    );
    const window = { PerformanceObserver, addEventListener: (type: string, fn: () => void) => (listeners[type] = fn) };
    new Function('window', 'document', 'setTimeout', 'requestAnimationFrame', starter)(
      window,
      { createElement: element, createDocumentFragment: fragment, head: parent, body: parent, querySelectorAll: () => [] },
      () => undefined,
      () => undefined,
    );
    expect(added).toEqual([]);
    listeners.pointerdown?.();
    expect(added).toEqual(['link /static/1.js', 'script /static/main.1.js']);
    listeners.keydown?.();
    expect(added, 'started once').toHaveLength(2);
  });
  it('waits for the high-priority photos to load and decode before it asks for any script', async () => {
    const page = startAfterFirstPaint(template, { preload: ['/static/1.js'], printStyles: [] });
    const starter = page.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? '';
    const added: string[] = [];
    const later: (() => void)[] = [];
    const loaded: Record<string, () => void> = {};
    let decoded = false;
    const photo = {
      complete: false,
      addEventListener: (type: string, fn: () => void) => (loaded[type] = fn),
      decode: () => Promise.resolve().then(() => (decoded = true)),
    };
    const parent = {
      appendChild: (e: { tag: string; kids?: Record<string, string>[] }) => {
        for (const k of e.kids ?? [e as unknown as Record<string, string>]) added.push(`${k.tag} ${k.src ?? k.href}`);
      },
    };
    let painted: ((list: unknown, observer: unknown) => void) | undefined;
    const PerformanceObserver = Object.assign(
      function PerformanceObserver(callback: typeof painted) {
        painted = callback;
        return { observe: () => undefined, disconnect: () => undefined };
      },
      { supportedEntryTypes: ['paint'] },
    );
    new Function('window', 'document', 'setTimeout', 'requestAnimationFrame', starter)(
      { PerformanceObserver, addEventListener: () => undefined },
      {
        createElement: (tag: string) => ({ tag }),
        createDocumentFragment: () => {
          const kids: unknown[] = [];
          return { tag: 'fragment', kids, appendChild: (e: unknown) => kids.push(e) };
        },
        head: parent,
        body: parent,
        querySelectorAll: (selector: string) => (selector === 'img[fetchpriority=high]' ? [photo] : []),
      },
      (fn: () => void, ms: number) => ms < START_AT_LATEST_MS && later.push(fn),
      (fn: () => void) => later.push(fn),
    );
    const settle = async () => {
      for (let i = 0; i < 20; i++) await Promise.resolve();
      while (later.length) later.shift()?.();
    };
    painted?.({ getEntriesByName: () => [{}] }, { disconnect: () => undefined });
    await settle();
    expect(added, 'the photo is still loading').toEqual([]);
    loaded.load?.();
    await settle();
    expect(decoded).toBe(true);
    expect(added).toEqual(['link /static/1.js', 'script /static/main.1.js']);
  });

  it('after the first paint and a frame for its photos, adds the links a few per task and the entry last', async () => {
    const preload = Array.from({ length: 9 }, (_, i) => `/static/${i}.js`);
    const page = startAfterFirstPaint(template, { preload, printStyles: ['/static/1.css'] });
    const starter = page.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? '';
    const insertions: string[][] = [];
    const timers: (() => void)[] = [];
    const frames: (() => void)[] = [];
    const element = (tag: string) => ({ tag }) as Record<string, string>;
    const fragment = () => {
      const kids: Record<string, string>[] = [];
      return { kids, appendChild: (e: Record<string, string>) => kids.push(e) };
    };
    const parent = {
      appendChild: (e: Record<string, string> & { kids?: Record<string, string>[] }) =>
        insertions.push((e.kids ?? [e]).map((k) => `${k.tag} ${k.src ?? k.href}`)),
    };
    let painted: ((list: unknown, observer: unknown) => void) | undefined;
    const PerformanceObserver = Object.assign(
      function PerformanceObserver(callback: typeof painted) {
        painted = callback;
        return { observe: () => undefined, disconnect: () => undefined };
      },
      { supportedEntryTypes: ['paint'] },
    );
    new Function('window', 'document', 'setTimeout', 'requestAnimationFrame', starter)(
      { PerformanceObserver, addEventListener: () => undefined },
      { createElement: element, createDocumentFragment: fragment, head: parent, body: parent, querySelectorAll: () => [] },
      (fn: () => void, ms: number) => ms < START_AT_LATEST_MS && timers.push(fn),
      (fn: () => void) => frames.push(fn),
    );
    painted?.({ getEntriesByName: () => [{}] }, { disconnect: () => undefined });
    await Promise.resolve(); // the photos' checks settle
    await Promise.resolve();
    expect(insertions, 'nothing before the next frame').toHaveLength(0);
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    timers.shift()?.();
    expect(insertions, 'the first few at once').toHaveLength(1);
    while (timers.length) timers.shift()?.();
    expect(insertions.map((i) => i.length)).toEqual([4, 4, 2, 1]);
    expect(insertions.flat()).toEqual([
      'link /static/1.css',
      ...preload.map((p) => `link ${p}`),
      'script /static/main.1.js',
    ]);
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
