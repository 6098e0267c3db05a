import {
  hasNext,
  hasPrevious,
  keyStep,
  moveDirection,
  nextDirection,
  photoIndex,
  stepIndex,
  swipeStep,
  thumbnailWindow,
} from './viewer-logic.ts';

const photos = ['17', '18', '19', '20'].map((id) => ({ id }));

describe('photoIndex', () => {
  it('finds the photo the URL names', () => {
    expect(photoIndex(photos, '17')).toBe(0);
    expect(photoIndex(photos, '20')).toBe(3);
  });
  it('is -1 without a photoId or for one not in this gallery', () => {
    expect(photoIndex(photos, null)).toBe(-1);
    expect(photoIndex(photos, '999')).toBe(-1);
    expect(photoIndex([], '17')).toBe(-1);
  });
});

describe('previous and next', () => {
  it('the first photo has no previous, the last no next', () => {
    expect(hasPrevious(0)).toBe(false);
    expect(hasNext(0, 4)).toBe(true);
    expect(hasPrevious(3)).toBe(true);
    expect(hasNext(3, 4)).toBe(false);
  });
  it('a single photo has neither', () => {
    expect(hasPrevious(0)).toBe(false);
    expect(hasNext(0, 1)).toBe(false);
  });
  it('steps within the gallery and never wraps', () => {
    expect(stepIndex(1, 1, 4)).toBe(2);
    expect(stepIndex(1, -1, 4)).toBe(0);
    expect(stepIndex(0, -1, 4)).toBeNull();
    expect(stepIndex(3, 1, 4)).toBeNull();
    expect(stepIndex(-1, 1, 4)).toBeNull();
  });
});

describe('direction', () => {
  it('follows the index change', () => {
    expect(moveDirection(0, 1)).toBe('forward');
    expect(moveDirection(3, 0)).toBe('backward');
    expect(moveDirection(2, 2)).toBe('none');
    expect(moveDirection(-1, 2)).toBe('none');
  });
  it('keeps the last direction while the index stays (re-renders)', () => {
    expect(nextDirection(1, 1, 'backward')).toBe('backward');
    expect(nextDirection(1, 2, 'backward')).toBe('forward');
    expect(nextDirection(2, 1, 'forward')).toBe('backward');
  });
});

describe('thumbnailWindow', () => {
  const many = Array.from({ length: 40 }, (_, i) => ({ id: String(i) }));
  it('shows the photos within 15 of the current one', () => {
    const window = thumbnailWindow(many, 20);
    expect(window.map((t) => t.index)).toEqual(Array.from({ length: 31 }, (_, i) => i + 5));
  });
  it('is cut at the ends of the gallery', () => {
    expect(thumbnailWindow(many, 0).map((t) => t.index)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    expect(thumbnailWindow(many, 39).at(0)?.index).toBe(24);
    expect(thumbnailWindow(photos, 2).map((t) => t.photo.id)).toEqual(['17', '18', '19', '20']);
  });
  it('is empty when no photo is open', () => {
    expect(thumbnailWindow(many, -1)).toEqual([]);
  });
});

describe('keys and swipes', () => {
  it('arrow keys step, other keys do not', () => {
    expect(keyStep('ArrowLeft')).toBe(-1);
    expect(keyStep('ArrowRight')).toBe(1);
    expect(keyStep('Enter')).toBe(0);
  });
  it('a swipe left shows the next photo, right the previous, from 10 px', () => {
    expect(swipeStep(-10, 0)).toBe(1);
    expect(swipeStep(40, 3)).toBe(-1);
    expect(swipeStep(-9, 0)).toBe(0);
  });
  it('a mostly vertical gesture is not a swipe', () => {
    expect(swipeStep(-30, 60)).toBe(0);
  });
});
