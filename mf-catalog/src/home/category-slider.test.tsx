// The home page's categories are rendered on the server, which knows no screen width.
// Its HTML has the list, each card once, which the stylesheet draws as the carousel's first view
// from 640 px; hydration finds the same markup, and afterwards a wide screen has the carousel
// (the widths before it starts: ui/swiper-pre-init.test.ts).
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
  it('the HTML has the list only, each category once', async () => {
    const { carousel, list } = forms(parse(await renderOnServer(slider(true))));
    expect(carousel).toBeNull();
    expect(list?.querySelectorAll('li')).toHaveLength(2);
    expect(list?.querySelectorAll('a[href="/catalog/obuv"]')).toHaveLength(1);
  });

  it.each([
    [1280, 'carousel', 'list'],
    [375, 'list', 'carousel'],
  ] as const)('%i px: no hydration error, then the %s only', async (width, shown, hidden) => {
    const { container, ...hydration } = await hydrateAt(width);
    expectCleanHydration(hydration);
    const form = forms(container);
    expect(form[hidden]).toBeNull();
    expect(form[shown]?.querySelectorAll('li')).toHaveLength(2);
  });
});
