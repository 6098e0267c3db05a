import { SearchView } from '../listing/search-view.tsx';
import '../report.ts';

export default function SearchPage() {
  return <SearchView />;
}
