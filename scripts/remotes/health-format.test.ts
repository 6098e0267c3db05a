// Guards the health line of `npm run remotes -- status`: both releases' error rates over the window.
import { expect, it } from 'vitest';
import { healthLine } from './health-format.ts';

it('shows the active and canary releases error rates over the window, and nothing without health', () => {
  const health = {
    windowMinutes: 10,
    active: { views: 99, loadErrors: 0, renderErrors: 1, errors: 1, rate: 0.01 },
    canary: { views: 12, loadErrors: 1, renderErrors: 7, errors: 8, rate: 0.4 },
  };
  expect(healthLine({ health })).toBe('  health  last 10 min: active 1 % errors: 1 (load 0, render 1) of 100 · canary 40 % errors: 8 (load 1, render 7) of 20');
  expect(healthLine({ health: { ...health, canary: null, active: { views: 3, loadErrors: 0, renderErrors: 0, errors: 0, rate: 0 } } })).toBe('  health  last 10 min: active 0 % errors: 0 of 3');
  expect(healthLine({ health: { windowMinutes: 10, active: { views: 200, loadErrors: 1, renderErrors: 0, errors: 1, rate: 1 / 201 } , canary: null } })).toContain('active 0,5 %');
  expect(healthLine({})).toBeNull();
});
