import { isDeskPath } from './desk/desk-path.ts';
import { nextTask } from './next-task.ts';

// The async boundary lets the federation runtime negotiate shared singletons before any
// app code runs. The owner's orders desk (/admin) is its own chunk: the shopper's pages never
// load it, and it loads none of the storefront (remotes, analytics, cookie notice, menus).
if (isDeskPath(location.pathname)) import(/* webpackChunkName: "desk" */ './desk/desk-bootstrap.tsx');
else void startStorefront();

/**
 * The storefront's shared libraries are evaluated one per task before the shell: imported in one
 * go, React DOM, Apollo Client, React Router and mf-shared ran as one task once their last chunk
 * came (about 25 ms here, a hundred on a slowed phone), which a shopper's first tap waits behind.
 * Each import resolves through the federation runtime, as the shell's own imports do.
 */
async function startStorefront() {
  for (const load of [() => import('react-dom/client'), () => import('@apollo/client'), () => import('react-router-dom'), () => import('@shop/mf-shared')]) {
    await load();
    await nextTask();
  }
  await import('./bootstrap.tsx');
}
