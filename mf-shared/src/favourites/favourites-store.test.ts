import { storedFavourites } from '@shop/contracts/favourites-storage';
import { beforeEach, expect, it } from 'vitest';
import { FAVOURITES_STORAGE_KEY, useFavourites } from './favourites-store.ts';

beforeEach(() => {
  localStorage.clear();
  useFavourites.setState({ ids: [] });
});

it('reads liked products stored in the contract format, as the release smoke writes them', async () => {
  localStorage.setItem(FAVOURITES_STORAGE_KEY, storedFavourites(['101', '202']));
  await useFavourites.persist.rehydrate();
  expect(useFavourites.getState().ids).toEqual(['101', '202']);
});

it('writes the same format it reads', () => {
  useFavourites.getState().toggle('7');
  expect(JSON.parse(localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? '')).toEqual(JSON.parse(storedFavourites(['7'])));
});
