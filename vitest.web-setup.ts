// The web project runs its files in one module graph per worker (no isolation: a fifth of the
// time). Testing Library unmounts after each test only in the first file that imports it, so
// every file gets it here.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);
