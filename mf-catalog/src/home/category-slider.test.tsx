// The home page's categories are rendered on the server, which knows no screen width.
// Its HTML has both forms (carousel and list) for the stylesheet to pick by width, hydration finds
// the same markup, and afterwards only the form for the width is left (the slides' widths before
// Swiper starts: ui/swiper-pre-init.test.ts).
import {
  expectCleanHydration,
  onPage,
  parse,
  renderOnServer,
  screenWidth,
  serverThenHydrate,
  testClient,
} from '@shop/mf-shared/testing';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { HomeCategoriesDocument } from '../graphql/generated.ts';
import styles from './category-slider.module.css';
import { CategorySlider } from './category-slider.tsx';

const category = (id: string, name: string) => ({
  __typename: 'Category',
  id,
  name,
  webPath: `/catalog/${id}`,
  text: 'Для города и спорта',
  image: { __typename: 'Image', fullpath: `/api/images/${id}.jpg`, width: 600, height: 400 },
});

/** The slider with its answer in the cache, in the server's router or the browser's. */
function slider(server: boolean): ReactElement {
  const client = testClient({
    seed: (c) =>
      c.writeQuery({
        query: HomeCategoriesDocument,
        data: { categories: [category('obuv', 'Обувь'), category('odezhda', 'Одежда')] } as never,
      }),
  });
  return onPage(server, '/', <CategorySlider />, client);
}

const hydrateAt = (width: number) =>
  serverThenHydrate(slider, { freshModules: false, beforeHydrate: () => screenWidth(width) });

const forms = (root: ParentNode) => ({
  carousel: root.querySelector(`.${styles.swiper}`),
  list: root.querySelector(`ul.${styles.list}`),
});

describe('home categories: server render, then hydration', () => {
  it('the HTML has both forms, each marked for the width that shows it', async () => {
    const { carousel, list } = forms(parse(await renderOnServer(slider(true))));
    expect(carousel?.classList.contains(styles.wideOnly as string)).toBe(true);
    expect(list?.classList.contains(styles.narrowOnly as string)).toBe(true);
    expect(carousel?.querySelectorAll('li')).toHaveLength(2);
    expect(list?.querySelectorAll('li')).toHaveLength(2);
  });

  it.each([
    [1280, 'carousel', 'list', styles.wideOnly],
    [375, 'list', 'carousel', styles.narrowOnly],
  ] as const)('%i px: no hydration error, then the %s only', async (width, shown, hidden, mark) => {
    const { container, ...hydration } = await hydrateAt(width);
    expectCleanHydration(hydration);
    const form = forms(container);
    expect(form[hidden]).toBeNull();
    expect(form[shown]?.classList.contains(mark as string)).toBe(false);
  });
});
