import { internalUrl, type OriginMap } from '@shop/contracts/origin-map';
import { EXPOSED_MODULES } from '@shop/contracts/remotes';
import type { Browser, Locator, Page } from 'playwright-core';
import type { CandidateRelease } from './release-gate.ts';
import { previewContext, type Viewport } from './smoke-browser.ts';
import type { SmokeConfig } from './smoke-config.ts';
import { type Expectation, LANDMARKS, type Step, type Visit } from './smoke-plan.ts';

/**
 * One page at one screen size, judged as a shopper would see it. The page fails when it throws or
 * logs an error, a file of the candidate or an API request fails, the candidate's own entry was not
 * loaded, the server could not render the area, the area shows its error, its landmark does not
 * show, something in it is still loading (`aria-busy="true"`) when the smoke's time for the page
 * is up, or it does not show what the database says it must (smoke-plan.ts). The remotes mark every
 * loading state busy, so once nothing in the area has been busy for QUIET_MS the page shows what it
 * will show: a missing thing is judged missing then, not when the page's time is up.
 */

export interface JudgeTarget {
  config: SmokeConfig;
  originMap: OriginMap;
  hostUrl: string;
  release: CandidateRelease;
  /** The preview cookie's value. */
  token: string;
}

const AREA_ERROR = 'Не удалось загрузить раздел';
/** After the checks: time for an error a moment later (an effect, a lazy part). */
const SETTLE_MS = 300;
/** A check of what the page shows gets at least this long, even when the page's own time is nearly up. */
const MIN_CHECK_MS = 2000;
/**
 * Nothing in the area busy for this long: the page has settled, and what it does not show now it
 * will not show (a render after the data came takes a few frames, not a second).
 */
const QUIET_MS = 1000;
/** How often a check looks at the page again. */
const POLL_MS = 100;
/** A price as the shop writes it: «12 990 ₽», «от 8 490 ₽». */
const PRICE = /\d[\d\s\u00a0\u202f]*\s?₽/;

/** Judges one visit at one viewport; returns the problems seen (none: passed). */
export async function judgePage(browser: Browser, target: JudgeTarget, v: Visit, viewport: Viewport): Promise<string[]> {
  const context = await previewContext(browser, target, target.token, viewport, v.storage);
  const page = await context.newPage();
  const watch = watchPage(page, target);
  const deadline = Date.now() + target.config.timeoutMs;
  const judge = new PageJudge(page, target, watch, deadline);
  try {
    await judge.run(v);
  } catch (error) {
    watch.problems.push(`страница не открылась: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await context.close().catch(() => undefined);
  }
  return watch.problems;
}

/** What a page shows of the candidate as it loads: problems, and whether (and when) its entry loaded. */
interface PageWatch {
  problems: string[];
  entryLoaded(): boolean;
  /** Settled when the candidate's entry has loaded or failed to. */
  entrySettled: Promise<void>;
  candidateBase: string;
}

function watchPage(page: Page, target: JudgeTarget): PageWatch {
  const { originMap, hostUrl, release } = target;
  const problems: string[] = [];
  // requests and answers are reported at the address they went to: the public one, or the internal one it maps to
  const bothForms = (url: string) => [url, internalUrl(originMap, url)];
  const candidateBases = bothForms(new URL('.', release.manifestUrl).href);
  const apiBases = bothForms(new URL('/api/', hostUrl).href);
  const others = EXPOSED_MODULES.map((m) => m.split('/')[0] as string).filter((r) => r !== release.remote);
  page.on('pageerror', (error) => problems.push(`ошибка на странице: ${error.message.replace(/\s+/g, ' ').slice(0, 300)}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    // another remote's area failing (absent from the registry, its server down) is not this release's doing
    if (others.some((r) => text.includes(`[shop] ${r}/`) || text.includes(`remote ${r} `))) return;
    // a failed file is judged by its request below (the candidate's or the API's), not by the console line
    if (text.startsWith('Failed to load resource')) return;
    problems.push(`ошибка в консоли: ${text.replace(/\s+/g, ' ').slice(0, 300)}`);
  });
  // the host's own health reports (/api/telemetry/) are not the candidate's requests
  const ours = (url: string) =>
    candidateBases.some((base) => url.startsWith(base)) ||
    apiBases.some((base) => url.startsWith(base) && !url.startsWith(`${base}telemetry/`));
  let loaded = false;
  let entryDone = () => {};
  const entrySettled = new Promise<void>((resolve) => {
    entryDone = resolve;
  });
  const isEntry = (url: string) => candidateBases.some((base) => url.startsWith(`${base}remoteEntry`));
  page.on('requestfailed', (request) => {
    if (isEntry(request.url())) entryDone();
    if (ours(request.url())) problems.push(`не загрузился ${request.url()}: ${request.failure()?.errorText ?? 'ошибка'}`);
  });
  page.on('response', (response) => {
    if (isEntry(response.url())) {
      loaded ||= response.ok();
      entryDone();
    }
    if (response.status() >= 400 && ours(response.url())) problems.push(`${response.url()} ответил ${response.status()}`);
  });
  return { problems, entryLoaded: () => loaded, entrySettled, candidateBase: candidateBases[0] as string };
}

class PageJudge {
  private readonly remote: string;
  /** Every area of the candidate's remote on the page (a page's, the quick-cart's). */
  private readonly area: Locator;

  constructor(
    private readonly page: Page,
    private readonly target: JudgeTarget,
    private readonly watch: PageWatch,
    /** The page's time is up then (SMOKE_TIMEOUT_MS after it started). */
    private readonly deadline: number,
  ) {
    this.remote = target.release.remote;
    this.area = page.locator(`[data-remote="${this.remote}"]`);
  }

  private get problems() {
    return this.watch.problems;
  }

  /** The page's time left, as a Playwright timeout (never 0, which would mean none). */
  private left(): number {
    return Math.max(1, this.deadline - Date.now());
  }

  private expired(): boolean {
    return Date.now() >= this.deadline;
  }

  private checkTime() {
    return Math.max(this.left(), MIN_CHECK_MS);
  }

  async run(v: Visit): Promise<void> {
    await this.open(v);
    if (v.show && !(await this.show(v.show))) return;
    const landmark = v.landmark ?? LANDMARKS[v.module];
    if (!(await this.landmark(landmark))) return;
    await this.live();
    if (await this.stillLoading()) return;
    for (const e of v.expect) await this.expectation(e, landmark);
    await this.page.waitForTimeout(SETTLE_MS);
    if (await this.area.getByText(AREA_ERROR).count()) this.problems.push(`область показывает «${AREA_ERROR}»`);
    // the preview took: this page ran the candidate's own entry (a build's baked-in version may differ from its folder's)
    if (!this.watch.entryLoaded())
      this.problems.push(`страница не загрузила ${this.remote} ${this.target.release.version} (${this.watch.candidateBase}remoteEntry.js)`);
  }

  /**
   * Opens the page. Server rendering (host/src/ssr): an area the page server could not render
   * reaches the browser as its fallback with the server's digest `shop-area:<n>` (a page made of
   * browser storage says `shop-area:browser` by design). The page still works, rendered in the
   * browser, but a release whose server build fails would quietly take the first screen out of the HTML.
   */
  private async open(v: Visit): Promise<void> {
    const response = await this.page.goto(new URL(v.path, this.target.hostUrl).href, { waitUntil: 'domcontentloaded', timeout: this.left() });
    const html = (await response?.text().catch(() => '')) ?? '';
    if (/data-dgst="shop-area:\d/.test(html))
      this.problems.push('сервер не отрисовал область (её отрисовал браузер): серверная сборка выпуска падает или не загружается');
  }

  /** The page live in this browser: a step that clicks needs it (on server-rendered HTML before the host's scripts run the click would be lost). */
  private async pageLive(): Promise<void> {
    await this.page.locator('html[data-live]').waitFor({ state: 'attached', timeout: this.left() }).catch(() => undefined);
  }

  private async show(step: Step): Promise<boolean> {
    await this.pageLive();
    try {
      if (step.kind === 'scroll') await this.scrollToArea();
      else await this.addToCart(step);
      return true;
    } catch (error) {
      this.problems.push((error as Error).message.split('\n')[0] as string);
      return false;
    }
  }

  /**
   * To the end of the page, again as the page grows (its own data arriving), until the candidate's
   * area is there (a slot below the fold loads when it comes near); then to the area.
   */
  private async scrollToArea(): Promise<void> {
    const slot = this.area.first();
    while (!(await slot.count()) && !this.expired()) {
      await this.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await this.page.waitForTimeout(250);
    }
    await slot.scrollIntoViewIfNeeded({ timeout: this.left() }).catch(() => undefined);
  }

  private async addToCart(step: Extract<Step, { kind: 'add-to-cart' }>): Promise<void> {
    const product = this.page.locator(`[data-remote="${step.remote}"]`);
    try {
      await product.getByRole('radio', { name: step.size, exact: true }).first().check({ timeout: this.checkTime() });
      await product.getByRole('button', { name: 'В корзину' }).filter({ visible: true }).first().click({ timeout: this.checkTime() });
    } catch {
      throw new Error(`на странице товара не удалось выбрать размер ${step.size} и нажать «В корзину»`);
    }
    // the candidate's toast (a live region) names what was added
    const toast = this.area.getByRole('status').filter({ hasText: step.name });
    const toasted = await toast
      .first()
      .waitFor({ state: 'visible', timeout: this.checkTime() })
      .then(
        () => true,
        () => false,
      );
    if (!toasted) throw new Error(`после «В корзину» нет уведомления с товаром «${step.name}»`);
    // the header's cart button (the host's) opens the candidate's panel
    await this.page
      .getByRole('button', { name: /^Корзина/ })
      .filter({ visible: true })
      .first()
      .click({ timeout: this.checkTime() });
  }

  /** The module's landmark shows in the candidate's area in time, or the refusal says what the page was like. */
  private async landmark(selector: string): Promise<boolean> {
    const landmark = this.area.locator(selector).first();
    const areaError = this.area.getByText(AREA_ERROR);
    // the landmark, or the area's error (then there is no point waiting out the time)
    const started = performance.now();
    const timeout = this.left();
    const showed = await landmark
      .or(areaError)
      .first()
      .waitFor({ state: 'visible', timeout })
      .then(
        () => true,
        () => false,
      );
    const waited = Math.round(performance.now() - started);
    if (await landmark.isVisible()) return true;
    if (showed && (await areaError.count())) {
      this.problems.push(`область показывает «${AREA_ERROR}»`);
      return false;
    }
    const state = [
      (await landmark.count()) > 0 ? 'ориентир есть, но скрыт' : 'ориентира нет в разметке',
      (await this.page.locator('html[data-live]').count()) > 0 ? 'страница ожила' : 'скрипты страницы ещё не запустились',
      (await this.busy()).length ? 'область ещё загружается' : 'область не загружается',
    ].join(', ');
    // a landmark that showed and went (the area drawn anew) is no timeout: the refusal says which it was
    const what = showed
      ? `ориентир ${selector} в [data-remote="${this.remote}"] показался через ${waited} мс и пропал`
      : `нет ориентира ${selector} в [data-remote="${this.remote}"] за ${this.target.config.timeoutMs} мс`;
    this.problems.push(`${what} (${state})`);
    return false;
  }

  /**
   * A server-rendered page has its landmark in the HTML before any script runs: the host starts its
   * scripts after the first paint and the page's first photos (host/server/html.ts, up to 2.5 s).
   * The page is judged once the candidate's entry has loaded and its area is live in this browser
   * (`data-ready`, set by the host's RemoteSlot), not a fixed moment after the landmark.
   */
  private async live(): Promise<void> {
    await Promise.race([this.watch.entrySettled, new Promise((resolve) => setTimeout(resolve, this.left()).unref())]);
    if (!this.watch.entryLoaded()) return;
    await this.page
      .locator(`[data-remote="${this.remote}"][data-ready]`)
      .or(this.area.getByText(AREA_ERROR))
      .first()
      .waitFor({ state: 'attached', timeout: this.left() })
      .catch(() => undefined);
  }

  /**
   * What in the candidate's areas is loading now (`aria-busy="true"`, shown): its skeleton, a
   * placeholder waiting for data. Another remote's area inside (the product page's slider) is
   * that remote's own.
   */
  private busy(): Promise<string[]> {
    // written without inner named functions: the page gets this function's text as it is
    return this.page.evaluate(
      (remote) =>
        [...document.querySelectorAll('[aria-busy="true"]')]
          .filter((el) => el.closest('[data-remote]')?.getAttribute('data-remote') === remote && el.getClientRects().length > 0)
          .map((el) => {
            const named = ['data-testid', 'aria-label', 'role'].map((a) => el.getAttribute(a)).find(Boolean);
            return `<${el.tagName.toLowerCase()}${named ? ` ${named}` : ''}>`;
          }),
      this.remote,
    );
  }

  /** Waits, within the page's time, until nothing in the area is loading; true (and a problem) when something still is. */
  private async stillLoading(): Promise<boolean> {
    const idle = await this.page
      .waitForFunction(
        (remote) =>
          ![...document.querySelectorAll('[aria-busy="true"]')].some(
            (el) => el.closest('[data-remote]')?.getAttribute('data-remote') === remote && el.getClientRects().length > 0,
          ),
        this.remote,
        { timeout: this.left(), polling: 100 },
      )
      .then(
        () => true,
        () => false,
      );
    if (idle) return false;
    const busy = await this.busy().catch(() => []);
    if (!busy.length) return false;
    const total = Math.round(this.target.config.timeoutMs / 1000);
    this.problems.push(
      `данные не пришли: через ${total} с в области всё ещё идёт загрузка (aria-busy="true": ${busy.slice(0, 3).join(', ')})`,
    );
    return true;
  }

  /**
   * Whether `locator` shows: true as soon as it does; false once the page has settled without it
   * (nothing in the area busy for QUIET_MS in a row) or after the check's time (checkTime). A page
   * still loading is waited for; a settled one is judged at once, not at its timeout.
   */
  private async shows(locator: Locator): Promise<boolean> {
    const until = Date.now() + this.checkTime();
    let quietSince: number | null = null;
    for (;;) {
      if (await locator.first().isVisible().catch(() => false)) return true;
      const busy = (await this.busy().catch(() => [])).length > 0;
      const now = Date.now();
      if (now >= until) return false;
      quietSince = busy ? null : (quietSince ?? now);
      if (quietSince !== null && now - quietSince >= QUIET_MS) return false;
      await this.page.waitForTimeout(POLL_MS);
    }
  }

  private async expectation(e: Expectation, landmark: string): Promise<void> {
    if (e.kind === 'cards') await this.cards(e, landmark);
    else if (e.kind === 'product') await this.product(e);
    else await this.cartLine(e);
  }

  /** What the area says instead, for a refusal: its status message («Ничего не нашлось…») or its first words. */
  private async saying(selector: string): Promise<string> {
    const status = this.area.locator(selector).first().locator('[role="status"]').filter({ hasText: /\S/ });
    const from = (await status.count()) ? status.first() : this.area.locator(selector).first();
    const text = await from.innerText({ timeout: 1000 }).catch(() => '');
    const words = text.replace(/\s+/g, ' ').trim();
    return words ? ` (на странице: «${words.slice(0, 100)}${words.length > 100 ? '…' : ''}»)` : '';
  }

  private async cards(e: Extract<Expectation, { kind: 'cards' }>, landmark: string): Promise<void> {
    const cards = this.area.locator('[data-testid="product-card"]');
    if (!(await this.shows(cards))) {
      this.problems.push(`нет карточек товаров, а в базе для этой страницы ${e.count} шт.${await this.saying(landmark)}`);
      return;
    }
    const seen = await cards.evaluateAll((els) =>
      els.map((el) => ({
        name: (el.querySelector('a')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
        text: (el.textContent ?? '').replace(/\s+/g, ' '),
      })),
    );
    const unnamed = seen.filter((c) => !c.name).length;
    const unpriced = seen.filter((c) => !PRICE.test(c.text)).length;
    if (unnamed) this.problems.push(`у ${unnamed} из ${seen.length} карточек нет названия`);
    if (unpriced) this.problems.push(`у ${unpriced} из ${seen.length} карточек нет цены`);
    const word = e.naming?.toLocaleLowerCase('ru');
    if (word && !seen.some((c) => c.text.toLocaleLowerCase('ru').includes(word)))
      this.problems.push(`ни одна из ${seen.length} карточек не называет «${e.naming}», хотя в базе он есть`);
  }

  /** The product page: its name, a price and sizes; a size into the cart puts one item in the header's cart. */
  private async product(e: Extract<Expectation, { kind: 'product' }>): Promise<void> {
    const heading = this.area.getByRole('heading', { level: 1, name: e.name, exact: true });
    if (!(await this.shows(heading))) this.problems.push(`нет заголовка с названием товара «${e.name}»${await this.saying('h1')}`);
    const price = this.area.getByTestId('product-price').filter({ hasText: PRICE });
    if (!(await this.shows(price))) this.problems.push(`нет цены товара${await this.saying('[data-testid="product-price"]')}`);
    if (!(await this.shows(this.area.getByTestId('size-option')))) {
      this.problems.push('нет размеров товара');
      return;
    }
    try {
      await this.area.getByRole('radio', { name: e.size, exact: true }).first().check({ timeout: this.checkTime() });
      await this.area.getByRole('button', { name: 'В корзину' }).filter({ visible: true }).first().click({ timeout: this.checkTime() });
    } catch {
      this.problems.push(`не удалось выбрать размер ${e.size} и нажать «В корзину»`);
      return;
    }
    const added = this.page.getByTestId('cart-count').filter({ hasText: /^1$/ });
    if (!(await added.first().waitFor({ state: 'attached', timeout: this.checkTime() }).then(() => true, () => false)))
      this.problems.push(`«В корзину» с размером ${e.size} не положил товар в корзину (в шапке ${await this.page.getByTestId('cart-count').first().textContent({ timeout: 1000 }).catch(() => '?')})`);
  }

  /** A cart line with the product's name and a price. */
  private async cartLine(e: Extract<Expectation, { kind: 'cart-line' }>): Promise<void> {
    const line = this.area.locator('li').filter({ hasText: e.name }).filter({ hasText: PRICE });
    if (!(await this.shows(line)))
      this.problems.push(`в корзине нет товара «${e.name}» с ценой, хотя он в ней лежит${await this.saying('section, [role="dialog"], dialog')}`);
  }
}
