import { isDeskPath } from './desk/desk-path.ts';

// The async boundary lets the federation runtime negotiate shared singletons before any
// app code runs. The owner's orders desk (/admin) is its own chunk: the shopper's pages never
// load it, and it loads none of the storefront (remotes, analytics, cookie notice, menus).
if (isDeskPath(location.pathname)) import(/* webpackChunkName: "desk" */ './desk/desk-bootstrap.tsx');
else import('./bootstrap.tsx');
