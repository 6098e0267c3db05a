// Issue 20: the home page's categories are rendered on the server, which knows no screen width.
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

  it('a wide screen: no hydration error, then the carousel only', async () => {
    const { container, ...hydration } = await hydrateAt(1280);
    expectCleanHydration(hydration);
    const { carousel, list } = forms(container);
    expect(list).toBeNull();
    expect(carousel?.classList.contains(styles.wideOnly as string)).toBe(false);
  });

  it('a phone: no hydration error, then the list only', async () => {
    const { container, ...hydration } = await hydrateAt(375);
    expectCleanHydration(hydration);
    const { carousel, list } = forms(container);
    expect(carousel).toBeNull();
    expect(list?.classList.contains(styles.narrowOnly as string)).toBe(false);
  });
});
