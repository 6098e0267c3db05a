// Issue 20: the home page's categories are rendered on the server, which knows no screen width.
// Its HTML has both forms (carousel and list) for the stylesheet to pick by width, hydration finds
// the same markup, and afterwards only the form for the width is left (the slides' widths before
// Swiper starts: ui/swiper-pre-init.test.ts).
import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomeCategoriesDocument } from '../graphql/generated.ts';
import { CategorySlider } from './category-slider.tsx';
import styles from './category-slider.module.css';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const category = (id: string, name: string) => ({
  __typename: 'Category',
  id,
  name,
  webPath: `/catalog/${id}`,
  text: 'Для города и спорта',
  image: { __typename: 'Image', fullpath: `/api/images/${id}.jpg`, width: 600, height: 400 },
});

function slider(): ReactElement {
  const client = new ApolloClient({ cache: new InMemoryCache(), link: new ApolloLink(() => new Observable(() => {})) });
  client.writeQuery({
    query: HomeCategoriesDocument,
    data: { categories: [category('obuv', 'Обувь'), category('odezhda', 'Одежда')] } as never,
  });
  return (
    <ApolloProvider client={client}>
      <MemoryRouter>
        <CategorySlider />
      </MemoryRouter>
    </ApolloProvider>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

async function hydrateAt(width: number) {
  const html = renderToString(slider());
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: width >= Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
  const errors = vi.spyOn(console, 'error');
  const recoverable = vi.fn();
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(container, slider(), { onRecoverableError: recoverable });
  });
  return { html, container, errors: errors.mock.calls, recoverable: recoverable.mock.calls };
}

const forms = (root: ParentNode) => ({
  carousel: root.querySelector(`.${styles.swiper}`),
  list: root.querySelector(`ul.${styles.list}`),
});

describe('home categories: server render, then hydration', () => {
  it('the HTML has both forms, each marked for the width that shows it', () => {
    const html = renderToString(slider());
    const page = document.createElement('div');
    page.innerHTML = html;
    const { carousel, list } = forms(page);
    expect(carousel?.classList.contains(styles.wideOnly as string)).toBe(true);
    expect(list?.classList.contains(styles.narrowOnly as string)).toBe(true);
    expect(carousel?.querySelectorAll('li')).toHaveLength(2);
    expect(list?.querySelectorAll('li')).toHaveLength(2);
  });

  it('a wide screen: no hydration error, then the carousel only', async () => {
    const { container, errors, recoverable } = await hydrateAt(1280);
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    const { carousel, list } = forms(container);
    expect(list).toBeNull();
    expect(carousel?.classList.contains(styles.wideOnly as string)).toBe(false);
  });

  it('a phone: no hydration error, then the list only', async () => {
    const { container, errors, recoverable } = await hydrateAt(375);
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    const { carousel, list } = forms(container);
    expect(carousel).toBeNull();
    expect(list?.classList.contains(styles.narrowOnly as string)).toBe(false);
  });
});
