import { cleanup, fireEvent, render } from '@testing-library/react';
import type { PhotoData } from '../product/product-data.ts';
import { PhotoViewer } from './photo-viewer.tsx';

afterEach(cleanup);

const photos = Array.from(
  { length: 5 },
  (_, i): PhotoData => ({ __typename: 'GalleryImage', id: `p${i}`, url: `/api/images/${i}.svg`, width: 800, height: 800, color: null }),
);
const press = (key: string) => fireEvent.keyDown(document, { key });

describe('PhotoViewer steps', () => {
  it('counts quick key presses from the last photo asked for, though the router shows each step late', () => {
    const asked: number[] = [];
    const viewer = (index: number) => <PhotoViewer photos={photos} index={index} name="Кеды" onShow={(i) => asked.push(i)} onClose={() => {}} />;
    const { rerender } = render(viewer(0));
    press('ArrowRight');
    press('ArrowRight');
    // the first step's photo is shown only now, after the second press
    rerender(viewer(1));
    press('ArrowRight');
    rerender(viewer(2));
    rerender(viewer(3));
    press('ArrowLeft');
    expect(asked).toEqual([1, 2, 3, 2]);
  });

  it('starts from the photo shown when it is not one the keys asked for (Back, a thumbnail)', () => {
    const asked: number[] = [];
    const viewer = (index: number) => <PhotoViewer photos={photos} index={index} name="Кеды" onShow={(i) => asked.push(i)} onClose={() => {}} />;
    const { rerender } = render(viewer(2));
    press('ArrowRight');
    rerender(viewer(3));
    // Back twice: the router shows the first photo
    rerender(viewer(0));
    press('ArrowRight');
    expect(asked).toEqual([3, 1]);
  });
});
