// The browser globals @shop/contracts may read: only where it runs both in Node (which has none
// of them on Node 20) and in the browser, so each is typed as possibly missing and must be
// checked first (`typeof navigator !== 'undefined'`). Outside src/ so that tsconfig.build.json,
// which keeps the DOM lib, never sees a second declaration.
export {};

declare global {
  const navigator: { readonly onLine: boolean } | undefined;
  // WHATWG URL: a global of Node (since 10) and of every browser, so present, not possibly missing;
  // only what origin-map.ts reads
  const URL: new (
    url: string,
  ) => {
    readonly protocol: string;
    readonly username: string;
    readonly password: string;
    readonly origin: string;
    readonly pathname: string;
    readonly search: string;
    readonly hash: string;
  };
  // Also globals of Node (since 16) and every browser: what preview-token.ts reads
  const TextEncoder: new () => { encode(text: string): Uint8Array };
  const TextDecoder: new () => { decode(bytes: Uint8Array): string };
  function btoa(binary: string): string;
  function atob(base64: string): string;
}
