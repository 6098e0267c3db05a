// Browser code reads `process.env.NODE_ENV`; the bundler replaces it at build time (rspack's
// optimization.nodeEnv), so the browser projects declare just that much instead of Node's types.
// Only the browser projects include this file; tests and Node code get `process` from @types/node.
declare const process: { readonly env: { readonly NODE_ENV?: string } };
