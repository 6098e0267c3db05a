import { searchHref } from './search-href.ts';

/**
 * The search-help modal's examples. Kept apart from the component so that the API's tests can
 * check that every one of these links finds products on the shipped catalogues
 * (api/test/curated-links.test.ts).
 */
export const SEARCH_EXAMPLES: { title: string; text: string; links: { label: string; href: string }[] }[] = [
  {
    title: 'По артикулу',
    text: 'Вставьте артикул с коробки или из поста — найдём точную модель.',
    links: [{ label: 'DD1391-100', href: searchHref({ search: 'DD1391-100' }) }],
  },
  {
    title: 'По серии и коллекции',
    text: 'Пишите название линейки бренда или коллаборации.',
    links: [
      { label: 'Air Max', href: searchHref({ search: 'air max' }) },
      { label: 'New Balance 550', href: searchHref({ search: 'new balance 550' }) },
    ],
  },
  {
    title: 'По поводу, стилю и настроению',
    text: 'Опишите, куда и зачем: для бега, на каждый день, что-то яркое.',
    links: [
      { label: 'Кроссовки для бега', href: searchHref({ search: 'кроссовки для бега' }) },
      { label: 'Для фитнеса до 15 000 ₽', href: searchHref({ search: 'фитнес', priceTo: '15000' }) },
    ],
  },
  {
    title: 'С ценой',
    text: 'Добавьте фильтр по цене прямо в запросе.',
    links: [
      { label: 'Кроссовки от 3 076 ₽', href: searchHref({ search: 'кроссовки', priceFrom: '3076' }) },
      { label: 'Кеды до 15 611 ₽', href: searchHref({ search: 'кеды', priceTo: '15611' }) },
    ],
  },
];
