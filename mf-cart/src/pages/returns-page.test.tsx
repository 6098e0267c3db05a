// «Возврат и обмен» is the same page for every shopper, rendered whole on the server: the 7-day
// right, what cannot be returned, how to send an item back and how the money returns, with the
// shop's configured contacts (a missing one is not shown) and no hydration error.
import { expectCleanHydration, onPage, serverThenHydrate, testShell } from '@shop/mf-shared/testing';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../report.ts', () => ({}));

const returnsPage =
  (contacts: { email?: string; telegram?: string; whatsapp?: string } = {}) =>
  async (server: boolean) => {
    // fresh modules per render (a new page load): the context object of this load
    const [{ default: ReturnsPage }, { ShellContext }] = await Promise.all([
      import('./returns-page.tsx'),
      import('@shop/mf-shared'),
    ]);
    return (
      <ShellContext.Provider value={testShell({ contacts })}>
        {onPage(server, '/vozvrat-i-obmen', <ReturnsPage />)}
      </ShellContext.Provider>
    );
  };

describe('returns page', () => {
  it('tells the 7-day right, the exceptions, the way back and the refund, in the server’s HTML', async () => {
    const { html, container, ...hydration } = await serverThenHydrate(returnsPage());
    expectCleanHydration(hydration);
    for (const text of [
      'Возврат и обмен',
      'в течение 7 дней после получения',
      'Бельё и носки',
      'Как вернуть',
      'Как вернутся деньги',
    ])
      expect(html).toContain(text);
    // no contact configured: the letter about the order is the way
    expect(container.textContent).toContain('ответьте на письмо о заказе');
    expect(container.querySelector('a[href^="mailto:"]')).toBeNull();
  });

  it('names the configured contacts, each a link', async () => {
    const { container } = await serverThenHydrate(
      returnsPage({ email: 'help@shop.ru', telegram: 'https://t.me/shop' }),
    );
    expect(container.querySelector('a[href="mailto:help@shop.ru"]')?.textContent).toBe('e-mail help@shop.ru');
    expect(container.querySelector('a[href="https://t.me/shop"]')?.textContent).toBe('Telegram');
    expect(container.textContent).not.toContain('WhatsApp');
  });
});
