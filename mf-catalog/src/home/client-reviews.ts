/** The three static client reviews of the home page. */
export interface ClientReview {
  id: string;
  clientName: string;
  content: string;
}

export const CLIENT_REVIEWS: ClientReview[] = [
  {
    id: 'r1',
    clientName: 'Анна, Казань',
    content:
      'Заказала New Balance 574 — пришли за 12 дней, оригинал с бирками и коробкой. Доставка правда бесплатная, менеджер отвечал на все вопросы.',
  },
  {
    id: 'r2',
    clientName: 'Дмитрий, Новосибирск',
    content:
      'Искал Salomon XT-6 нужного цвета, в наличии не было — ребята добавили модель в каталог за два дня. Всё пришло в целости, размер совпал.',
  },
  {
    id: 'r3',
    clientName: 'Екатерина, Москва',
    content: 'Покупаю здесь уже третий раз: цены ниже, чем в рознице, а качество то же. Удобно, что можно оплатить картой российского банка.',
  },
];

/** The external reviews site, until the shell passes its configured address (REVIEWS_URL). */
export const DEFAULT_REVIEWS_URL = 'https://otzovik.com/';
