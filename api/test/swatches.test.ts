// A card draws a few of a model's colours: which ones, when the model has more.
import { describe, expect, it } from 'vitest';
import { swatches } from '../src/graphql/catalog-resolvers.ts';
import type { VariantRow } from '../src/repo/rows.ts';

const model = [1, 2, 3, 4, 5, 6, 7].map(
  (id): VariantRow => ({ id, modelId: 1, name: 'Кроссовки', colorName: `цвет ${id}`, colorClass: 'grey', webPath: `/product/${id}`, thumbnail: null, inStock: true }),
);
const ids = (list: VariantRow[]) => list.map((v) => v.id);

describe('a card\'s swatches', () => {
  it('keeps the model\'s order when the product\'s own colour is among the first', () => {
    expect(ids(swatches(model, 3, 5))).toEqual([1, 2, 3, 4, 5]);
  });
  it('puts the product\'s own colour in place of the last one when it comes later', () => {
    expect(ids(swatches(model, 7, 5))).toEqual([1, 2, 3, 4, 7]);
    expect(ids(swatches(model, 6, 1))).toEqual([6]);
  });
  it('gives every colour without a limit or under it', () => {
    expect(ids(swatches(model, 7, undefined))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(ids(swatches(model, 7, 10))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
