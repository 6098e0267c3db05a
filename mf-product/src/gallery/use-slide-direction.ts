import { useState } from 'react';
import { type Direction, nextDirection } from './viewer-logic.ts';

/** Which way the viewer slides: it follows the change of the current index, whatever changed it (buttons, keys, history). */
export function useSlideDirection(index: number): Direction {
  const [state, setState] = useState<{ index: number; direction: Direction }>({ index, direction: 'none' });
  if (state.index !== index) {
    const direction = nextDirection(state.index, index, state.direction);
    setState({ index, direction });
    return direction;
  }
  return state.direction;
}
