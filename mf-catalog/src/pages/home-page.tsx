import { HomeView } from '../home/home-view.tsx';
import '../report.ts';

export default function HomePage() {
  return <HomeView />;
}
