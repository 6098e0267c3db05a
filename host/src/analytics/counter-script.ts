type CounterQueue = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };

/**
 * Loads the metrics counter (Yandex Metrica) only when a counter id is configured. Calls
 * made before its script arrives wait in the standard `ym.a` queue.
 */
export function loadCounterScript(counterId: number): void {
  const w = window as unknown as { ym?: CounterQueue };
  if (!w.ym) {
    const queue: CounterQueue = (...args: unknown[]) => {
      queue.a ??= [];
      queue.a.push(args);
    };
    queue.l = Date.now();
    w.ym = queue;
  }
  const script = document.createElement('script');
  script.async = true;
  script.src = 'https://mc.yandex.ru/metrika/tag.js';
  document.head.append(script);
  w.ym(counterId, 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true, ecommerce: 'dataLayer', defer: true });
}
