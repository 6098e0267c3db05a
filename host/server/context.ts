import { redisRegistryChanges } from './registry-changes.ts';
import { readFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { createApiClient } from './api-client.ts';
import type { HostConfig } from './config.ts';
import { errorPageHtml } from './html.ts';
import { hostStartAssets, manifestReader, stylesheetReader } from './preload.ts';
import { type Preview, previewOf } from './preview.ts';
import { apiRegistry, fileRegistry, fixedRegistry, type RegistrySource, registryFor } from './registry.ts';
import { inlineScriptHashes } from './security.ts';
import { loadRenderer } from './ssr.ts';
import { visitorId } from './visitor.ts';

/** The page template and what is derived from it; re-read on every page with `config.dev`. */
export interface Template {
  html: string;
  scriptHashes: string[];
  startAssets: { scripts: string[]; styles: string[] };
}

/** What the host's routes share: its configuration, the template, the registry and the API client. */
export interface HostContext {
  config: HostConfig;
  /** True once the process is stopping: /healthz answers 503 so a balancer takes it out. */
  draining: () => boolean;
  templateFile: string;
  /** The template as of now: the one read at start, or a fresh read in development. */
  template: () => Promise<Template>;
  readRegistryState: RegistrySource;
  /** The visitor's registry; with an accepted preview cookie (preview.ts), the previewed release in its remote's place. */
  readVisitorRegistry: (
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) => Promise<{ registry: Record<string, string>; preview: Preview | null }>;
  api: ReturnType<typeof createApiClient>;
  renderer: ReturnType<typeof loadRenderer>;
  readManifest: ReturnType<typeof manifestReader>;
  readStylesheet: ReturnType<typeof stylesheetReader>;
  publicConfig: Record<string, unknown>;
  secureCookie: boolean;
  hsts: Record<string, string>;
}

function registrySource(config: HostConfig): RegistrySource {
  if (config.registryJson) return fixedRegistry(config.registryJson);
  if (config.registryFile) return fileRegistry(config.registryFile, config.registryTtlMs);
  // The registry belongs to the release service; an older deployment without one names the API.
  // With REDIS_URL the service's announcements make every host replica read it again at once.
  const changes = config.redisUrl ? redisRegistryChanges(config.redisUrl).changes : undefined;
  return apiRegistry(config.releaseUrl ?? config.apiUrl, config.registryTtlMs, changes);
}

export async function hostContext(config: HostConfig, draining: () => boolean = () => false): Promise<HostContext> {
  const templateFile = path.join(config.distDir, 'index.html');
  const loadTemplate = async (): Promise<Template> => {
    const html = await readFile(templateFile, 'utf8').catch(() => {
      throw new Error(`${templateFile} is missing: build the host first (npm run build)`);
    });
    return { html, scriptHashes: inlineScriptHashes(html), startAssets: hostStartAssets(config.distDir) };
  };
  const initial = await loadTemplate();
  const readRegistryState = registrySource(config);
  const secureCookie = config.publicUrl.startsWith('https:');
  return {
    config,
    draining,
    templateFile,
    template: config.dev ? loadTemplate : async () => initial,
    readRegistryState,
    async readVisitorRegistry(req, res) {
      const state = await readRegistryState();
      const registry = registryFor(state, visitorId(req, res, secureCookie));
      const preview = previewOf(req, config.previewSecret, state, config.previewOrigins);
      if (preview) registry[preview.remote] = preview.manifestUrl;
      return { registry, preview };
    },
    api: createApiClient(config.apiUrl),
    renderer: loadRenderer(config),
    readManifest: manifestReader(config.registryTtlMs),
    readStylesheet: stylesheetReader({
      distDir: config.distDir,
      originMap: config.ssr?.originMap ?? [],
      ttlMs: config.registryTtlMs,
    }),
    publicConfig: {
      shopName: config.shopName,
      marketplace: config.marketplace,
      contacts: config.contacts,
      ...(config.reviewsUrl ? { reviewsUrl: config.reviewsUrl } : {}),
      ...(config.counterId ? { counterId: config.counterId } : {}),
    },
    secureCookie,
    hsts: secureCookie ? { 'Strict-Transport-Security': 'max-age=31536000' } : {},
  };
}

/** A short Russian page for a refused or failed request; never stored. */
export function errorPage(reply: FastifyReply, status: number, text: string, extra: Record<string, string> = {}) {
  return reply
    .code(status)
    .headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...extra })
    .send(errorPageHtml(text));
}
