/// <reference types="node" />
// The sliders are in the server's HTML, where Swiper has not started: without a width,
// each slide would fill the row (swiper.css) and shrink when Swiper starts after hydration,
// moving everything below. Each slider's stylesheet gives its slides, until Swiper starts, the
// widths its breakpoints table gives them; this test fails when a table and its stylesheet drift.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATEGORY_BREAKPOINTS } from '../home/category-slider.tsx';
import { REVIEWS_BREAKPOINTS, REVIEWS_DEFAULT } from '../home/reviews-slider.tsx';
import { PRODUCT_SLIDER_BREAKPOINTS, PRODUCT_SLIDER_DEFAULT } from '../product-slider/product-slider.tsx';

type Breakpoints = Record<number, { slidesPerView: number; spaceBetween: number }>;

const css = (file: string) => readFileSync(`${import.meta.dirname}/../${file}`, 'utf8');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The rule for `n` slides per view with `gap` px between them (Swiper's own arithmetic), for `also` as well. */
const rule = (n: number, gap: number, also?: string) =>
  (also ? `${escapeRegExp(also)},\\s*` : '') +
  '\\.swiper:not\\(:global\\(\\.swiper-initialized\\)\\) :global\\(\\.swiper-slide\\) \\{\\s*' +
  `width: calc\\(\\(100% - ${Number((n - 1).toFixed(2))} \\* ${gap}px\\) / ${n}\\);\\s*margin-right: ${gap}px;\\s*\\}`;

const SLIDERS: {
  name: string;
  file: string;
  base?: { slidesPerView: number; spaceBetween: number };
  breakpoints: Breakpoints;
  also?: string;
}[] = [
  // the server's HTML has the categories' list, drawn from 640 px with the same rule (category-slider.tsx)
  { name: 'home categories', file: 'home/category-slider.module.css', breakpoints: CATEGORY_BREAKPOINTS, also: '.list > li' },
  {
    name: 'product slider',
    file: 'product-slider/product-slider.module.css',
    base: PRODUCT_SLIDER_DEFAULT,
    breakpoints: PRODUCT_SLIDER_BREAKPOINTS,
  },
  { name: 'reviews', file: 'home/reviews-slider.module.css', base: REVIEWS_DEFAULT, breakpoints: REVIEWS_BREAKPOINTS },
];

describe("sliders before Swiper starts: the slides have their breakpoints' widths", () => {
  it.each(SLIDERS)('$name', ({ file, base, breakpoints, also }) => {
    const text = css(file);
    if (base) expect(text, 'the default, outside any media query').toMatch(new RegExp(`(^|\\n)${rule(base.slidesPerView, base.spaceBetween, also)}`));
    for (const [width, { slidesPerView, spaceBetween }] of Object.entries(breakpoints)) {
      expect(text, `from ${width} px`).toMatch(new RegExp(`@media \\(min-width: ${width}px\\) \\{\\s*${rule(slidesPerView, spaceBetween, also)}`));
    }
  });
});
