import type { ProductCardProps } from '@shop/contracts/remotes';
import { ProductCard as Card } from '../product-card/product-card.tsx';
import '../report.ts';

export default function ProductCard(props: ProductCardProps) {
  return <Card {...props} />;
}
