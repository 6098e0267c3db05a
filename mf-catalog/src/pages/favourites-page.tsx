import { FavouritesView } from '../favourites/favourites-view.tsx';
import '../report.ts';

export default function FavouritesPage() {
  return <FavouritesView />;
}
