import type { ProductCardProps } from '@shop/mf-shared';
import { ProductCard as Card } from '../product-card/product-card.tsx';
import '../report.ts';

export default function ProductCard(props: ProductCardProps) {
  return <Card {...props} />;
}
