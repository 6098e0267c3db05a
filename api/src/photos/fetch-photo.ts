import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export class PhotoFetchError extends Error {}

export interface PhotoFetchOptions {
  /** Hosts ("cdn.example.ru" or "host:port") photos may be fetched from: CATALOG_IMAGE_HOSTS. */
  hosts: readonly string[];
  maxBytes: number;
  timeoutMs: number;
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Only addresses on the public internet: not private, loopback, link-local (cloud metadata at 169.254.169.254), multicast or reserved. */
function isPublic(address: string): boolean {
  try {
    return ipaddr.process(address).range() === 'unicast';
  } catch {
    return false;
  }
}

/**
 * Resolves like dns.lookup but refuses a name with any non-public address. It runs when the
 * socket connects, so a name that resolves to a public address for a check and to an internal
 * one a moment later (DNS rebinding) is refused all the same.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as unknown as LookupAddress[];
    const refused = list.find((a) => !isPublic(a.address));
    if (refused || list.length === 0) {
      return callback(
        Object.assign(new Error(`${hostname} ведёт во внутреннюю сеть (${refused?.address ?? 'нет адреса'})`), {
          code: 'EPRIVATE',
        }),
        '',
        0,
      );
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    const first = list[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
};

/**
 * Fetches one photo for the catalogue import, with the guards of every server-side fetch:
 * https only, a host on the allowed list, no credentials, no address inside the network (checked
 * at connect time), no redirect, a time limit and a size limit counted while the bytes arrive.
 * `http://` is taken only from a loopback host named on the list as such (a local fake).
 * Throws PhotoFetchError with the reason in Russian.
 */
export async function fetchPhoto(address: string, options: PhotoFetchOptions): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new PhotoFetchError('некорректный адрес фото');
  }
  const loopback = LOOPBACK_NAMES.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new PhotoFetchError('фото загружаются только по https://');
  if (url.username || url.password) throw new PhotoFetchError('адрес фото не может содержать логин и пароль');
  if (!options.hosts.some((h) => h === url.host || h === url.hostname)) {
    throw new PhotoFetchError(
      options.hosts.length
        ? `хост ${url.host} не из разрешённых (CATALOG_IMAGE_HOSTS: ${options.hosts.join(', ')})`
        : 'загрузка фото по адресам выключена: хосты не настроены (CATALOG_IMAGE_HOSTS)',
    );
  }
  // an address written as digits never goes through the lookup: checked here
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!loopback && ipaddr.isValid(literal) && !isPublic(literal))
    throw new PhotoFetchError(`${url.hostname} — адрес внутренней сети`);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Buffer>((resolve, reject) => {
    const fail = (reason: string) => reject(new PhotoFetchError(reason));
    const request = client.get(
      url,
      {
        // a loopback host is on the list by name: the operator pointed the import at a local service
        lookup: loopback ? undefined : publicOnlyLookup,
        headers: {
          accept: 'image/avif,image/webp,image/jpeg,image/png;q=0.9,*/*;q=0.1',
          'user-agent': 'shop-catalog-import',
        },
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          return fail(`адрес перенаправляет (HTTP ${status}): укажите прямой адрес фото`);
        }
        if (status !== 200) {
          response.resume();
          return fail(`сервер ответил HTTP ${status}`);
        }
        const declared = Number(response.headers['content-length']);
        if (declared > options.maxBytes) {
          response.destroy();
          return fail(`файл больше ${Math.floor(options.maxBytes / 1024 / 1024)} МБ`);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            fail(`файл больше ${Math.floor(options.maxBytes / 1024 / 1024)} МБ`);
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve(Buffer.concat(chunks)));
        response.on('error', () => fail('соединение оборвалось'));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.name === 'TimeoutError' || error.name === 'AbortError')
        return fail(`фото не загрузилось за ${Math.round(options.timeoutMs / 1000)} с`);
      if (error.code === 'EPRIVATE') return fail(error.message);
      fail(`не удалось загрузить: ${error.code ?? error.message}`);
    });
  });
}
