import type { ProductSliderProps } from '@shop/contracts/remotes';
import { ProductSlider as Slider } from '../product-slider/product-slider.tsx';
import '../report.ts';

export default function ProductSlider(props: ProductSliderProps) {
  return <Slider {...props} />;
}
