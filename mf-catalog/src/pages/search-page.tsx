import '../report.ts';

// Skeleton page of the catalogue team (issue 2): replaced in issue 5.
export default function SearchPage() {
  return (
    <section style={{ padding: 24 }}>
      <h1>Поиск</h1>
    </section>
  );
}
