import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

export class PhotoFetchError extends Error {}

export interface PhotoFetchOptions {
  /** Hosts ("cdn.example.ru" or "host:port") photos may be fetched from: CATALOG_IMAGE_HOSTS. */
  hosts: readonly string[];
  maxBytes: number;
  timeoutMs: number;
}

/** A local service named by its loopback address itself (a fake in tests): the one internal address an operator can list. */
const LOOPBACK_NAMES = new Set(['127.0.0.1', '[::1]']);

// No address inside the network: private, loopback, link-local (cloud metadata at 169.254.169.254), reserved.
const publicHttp = new RequestFilteringHttpAgent({ allowPrivateIPAddress: false, allowMetaIPAddress: false });
const publicHttps = new RequestFilteringHttpsAgent({ allowPrivateIPAddress: false, allowMetaIPAddress: false });

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
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Buffer>((resolve, reject) => {
    const fail = (reason: string) => reject(new PhotoFetchError(reason));
    const request = client.get(
      url,
      {
        // the address the socket connects to must be public (request-filtering-agent checks it after
        // the lookup, so a name that resolves elsewhere a moment later is refused all the same);
        // a loopback host is on the list by name: the operator pointed the import at a local service
        agent: loopback ? undefined : url.protocol === 'https:' ? publicHttps : publicHttp,
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
      if (/is not allowed/.test(error.message)) return fail(`${url.hostname} ведёт во внутреннюю сеть`);
      fail(`не удалось загрузить: ${error.code ?? error.message}`);
    });
  });
}
