import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { wrapFocus } from '../layout/wrap-focus.ts';
import { searchHref } from './search-href.ts';
import styles from './search-help-modal.module.css';

const EXAMPLES: { title: string; text: string; links: { label: string; href: string }[] }[] = [
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

export function SearchHelpModal({ ref }: { ref: Ref<HTMLDialogElement> }) {
  const close = (event: { currentTarget: HTMLElement }) => event.currentTarget.closest('dialog')?.close();
  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby="search-help-title" onKeyDown={wrapFocus}>
      <h2 id="search-help-title" className={styles.title}>
        Поиск, который действительно помогает
      </h2>
      <ul className={styles.list}>
        {EXAMPLES.map((example) => (
          <li key={example.title}>
            <h3>{example.title}</h3>
            <p>{example.text}</p>
            <p className={styles.links}>
              {example.links.map((link) => (
                <Link key={link.href} to={link.href} onClick={close}>
                  {link.label}
                </Link>
              ))}
            </p>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.ok} onClick={close}>
        Отлично!
      </button>
    </dialog>
  );
}
