import { useShell } from '@shop/mf-shared';
import { Link } from 'react-router-dom';
import '../report.ts';
import styles from './page.module.css';
import returns from './returns-page.module.css';

/**
 * «Возврат и обмен»: what the law on consumer rights gives a shopper who bought at a distance
 * (art. 26.1: any time before delivery, 7 days after it; art. 18 for a defect) and how this shop
 * takes an item back. The same page for everyone: the server renders it whole.
 */
export default function ReturnsPage() {
  const { contacts } = useShell();
  const ways = [
    contacts.email && { href: `mailto:${contacts.email}`, label: `e-mail ${contacts.email}` },
    contacts.telegram && { href: contacts.telegram, label: 'Telegram' },
    contacts.whatsapp && { href: contacts.whatsapp, label: 'WhatsApp' },
  ].filter((way): way is { href: string; label: string } => Boolean(way));
  return (
    <article className={`${styles.page} ${returns.text}`} data-testid="returns-page">
      <h1 className={styles.title}>Возврат и обмен</h1>
      <p className={returns.lead}>
        Обувь и одежду, купленные у нас, можно вернуть в течение 7 дней после получения, а до получения — отказаться от
        заказа в любой момент. Так покупателю позволяет закон о защите прав потребителей для покупок на расстоянии.
      </p>

      <h2 className={returns.heading}>Что можно вернуть</h2>
      <ul className={returns.list}>
        <li>
          Товар надлежащего качества — в течение 7 дней после получения, если его не носили: сохранены товарный вид,
          ярлыки, заводская упаковка и коробка обуви.
        </li>
        <li>
          Товар с недостатком (брак, не тот размер или цвет, что в заказе) — в течение гарантийного срока, а если его нет, в
          течение двух лет. Обменяем на такой же, вернём деньги или устраним недостаток — как вы выберете.
        </li>
        <li>Бельё и носки надлежащего качества — только в нераспечатанной упаковке.</li>
      </ul>

      <h2 className={returns.heading}>Как вернуть</h2>
      <ol className={returns.list}>
        <li>
          Сообщите нам номер заказа, какие товары вы возвращаете и почему
          {ways.length > 0 ? (
            <>
              :{' '}
              {ways.map((way, i) => (
                <span key={way.href}>
                  {i > 0 && ', '}
                  <a href={way.href} target={way.href.startsWith('mailto:') ? undefined : '_blank'} rel="noopener noreferrer">
                    {way.label}
                  </a>
                </span>
              ))}
              , или ответьте на письмо о заказе.
            </>
          ) : (
            <> — ответьте на письмо о заказе.</>
          )}{' '}
          Номер заказа есть в письме и на странице заказа.
        </li>
        <li>Мы пришлём адрес и код для бесплатной отправки через СДЭК или Почту России.</li>
        <li>Упакуйте товар с ярлыками и вложите в посылку номер заказа.</li>
      </ol>

      <h2 className={returns.heading}>Как вернутся деньги</h2>
      <p>
        Деньги вернутся тем же способом, которым вы платили, — на ту же карту или счёт — в течение 10 дней после того, как
        товар придёт к нам. Стоимость доставки заказа к вам мы не удерживаем: она бесплатна.
      </p>

      <h2 className={returns.heading}>Обмен</h2>
      <p>
        Если нужен другой размер, удобнее вернуть товар и оформить новый заказ: так размер не будет ждать, пока посылка
        едет к нам. Подобрать размер помогут таблицы размеров на страницах товаров.
      </p>

      <Link to="/search" className={returns.back}>
        Перейти в каталог
      </Link>
    </article>
  );
}
