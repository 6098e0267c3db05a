import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section style={{ padding: '48px 16px', textAlign: 'center' }}>
      <h1>Страница не найдена</h1>
      <p>
        <Link to="/">На главную</Link>
      </p>
    </section>
  );
}
