import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import type { HostConfig } from './config.ts';

/**
 * The page server's side of server rendering: it loads the host build's renderer
 * (host/src/ssr/render.tsx, built to server-dist/ssr/render.cjs) and turns one render into the
 * HTML that goes inside #root. The renderer is a bundle of its own (the app's components, CSS
 * class names and the federation runtime) so this server stays a small Node program; the
 * shape below is that bundle's `createRenderer`.
 */
export interface RenderRequest {
  url: string;
  registry: Record<string, string>;
  config: unknown;
  resolved: { path: string; page: { type: string; id: string | null; status: number; location: string | null } };
  preview?: { remote: string; version: string };
  headers?: Record<string, string>;
}

interface RenderResult {
  pipe(destination: NodeJS.WritableStream): void;
  apolloState: unknown;
  /** The remote modules rendered into the page (their stylesheets go into its head). */
  modules: string[];
  timings: { data: number; render: number; passes: number };
  errors: string[];
}

export interface Renderer {
  render(request: RenderRequest): Promise<RenderResult>;
  loadedReleases(): string[];
}

export interface RenderedPage {
  html: string;
  apolloState: unknown;
  modules: string[];
  timings: RenderResult['timings'];
  errors: string[];
}

/** null when rendering is off or the bundle is missing (the page then renders in the browser, as before). */
export function loadRenderer(config: HostConfig): Renderer | null {
  if (!config.ssr) return null;
  if (!existsSync(config.ssr.bundle)) {
    console.error(`[host] ${config.ssr.bundle} is missing (build the host): pages render in the browser only`);
    return null;
  }
  const { createRenderer } = createRequire(import.meta.url)(config.ssr.bundle) as {
    createRenderer: (options: { apiUrl: string; remoteTimeoutMs: number; renderTimeoutMs: number; originMap: [string, string][] }) => Renderer;
  };
  const { remoteTimeoutMs, renderTimeoutMs, originMap } = config.ssr;
  return createRenderer({ apiUrl: config.apiUrl, remoteTimeoutMs, renderTimeoutMs, originMap });
}

export async function renderPageHtml(renderer: Renderer, request: RenderRequest): Promise<RenderedPage> {
  const result = await renderer.render(request);
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        callback();
      },
      final(callback) {
        callback();
        resolve();
      },
    });
    sink.on('error', reject);
    result.pipe(sink);
  });
  return {
    html: Buffer.concat(chunks).toString('utf8'),
    apolloState: result.apolloState,
    modules: result.modules,
    timings: result.timings,
    errors: result.errors,
  };
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/**
 * CSP sources for the `style="…"` attributes in server-rendered HTML (a skeleton line's width,
 * a colour swatch): without them the browser drops those attributes under a CSP that has no
 * 'unsafe-inline' (React sets styles through the CSSOM once it runs, which CSP allows, but it
 * does not re-apply them while hydrating). Hashed per value, as the browser hashes the
 * attribute's decoded text.
 */
export function styleAttributeHashes(html: string): string[] {
  const values = new Set<string>();
  for (const match of html.matchAll(/\sstyle="([^"]*)"/g)) {
    values.add((match[1] ?? '').replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity));
  }
  return [...values].map((value) => `'sha256-${createHash('sha256').update(value, 'utf8').digest('base64')}'`);
}
