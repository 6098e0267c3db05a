import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CATALOG_UPLOAD_MAX_BYTES } from '@shop/contracts/desk';
import { errorResponse } from '@shop/server-kit';
import yauzl from 'yauzl';
import { productPhotos, replacePhoto } from '../catalog/catalog-photo-admin.ts';
import { importCatalogFile } from '../catalog/import-file.ts';
import { withImportLease } from '../catalog/import-lease.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { PhotoStore } from '../photos/photo-store.ts';
import { payloadTooLarge } from './body-limit.ts';

/** An archive unpacks to at most this many files and bytes (a zip bomb stops here, not the disk). */
const MAX_ENTRIES = 20_000;
const MAX_UNPACKED_BYTES = 2 * 1024 ** 3;
const CATALOGUE_NAMES = ['catalogue.json', 'catalog.json'];

class UploadRefused extends Error {}

const openZip = (bytes: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true }, (error, zip) =>
      error ? reject(error) : resolve(zip as yauzl.ZipFile),
    ),
  );

/**
 * Unpacks `bytes` into `dir`: only plain files and folders (yauzl refuses absolute names and
 * «..»), within the count and size limits, each entry's real size checked as it inflates. The
 * catalogue file may be as large as an upload of it alone; any other file, as large as a photo.
 */
async function unpack(bytes: Buffer, dir: string, maxPhotoBytes: number): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    throw new UploadRefused('архив не читается: нужен ZIP с файлом catalogue.json и фото');
  }
  if (zip.entryCount > MAX_ENTRIES) throw new UploadRefused(`в архиве больше ${MAX_ENTRIES} файлов`);
  let unpacked = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      zip.close();
      reject(error instanceof UploadRefused ? error : new UploadRefused(`архив повреждён: ${error.message}`));
    };
    zip.on('error', fail);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName;
      if (name.endsWith('/')) return zip.readEntry();
      const catalogue = CATALOGUE_NAMES.includes(basename(name));
      if (entry.uncompressedSize > (catalogue ? CATALOG_UPLOAD_MAX_BYTES : maxPhotoBytes))
        return fail(new UploadRefused(`файл ${name} в архиве слишком велик`));
      unpacked += entry.uncompressedSize;
      if (unpacked > MAX_UNPACKED_BYTES) return fail(new UploadRefused('архив распаковывается больше чем в 2 ГБ'));
      const target = join(dir, name);
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return fail(error ?? new Error('no stream'));
        mkdir(dirname(target), { recursive: true })
          .then(() => pipeline(stream, createWriteStream(target, { flags: 'wx' })))
          .then(() => zip.readEntry(), fail);
      });
    });
    zip.readEntry();
  });
}

/** The catalogue file: catalogue.json at the top of the archive, or in its one folder. */
async function findCatalogue(dir: string): Promise<string> {
  for (const base of [
    dir,
    ...(await readdir(dir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => join(dir, d.name)),
  ]) {
    const names = await readdir(base);
    const found = CATALOGUE_NAMES.find((n) => names.includes(n));
    if (found) return join(base, found);
  }
  throw new UploadRefused('в архиве нет файла catalogue.json');
}

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

/**
 * The owner's catalogue routes under /api/admin (session and role checked by the desk):
 * - POST /catalog: a catalogue file (JSON, photos by https address) or a ZIP of it with its
 *   photo files, imported as `npm run import` imports a folder. One import at a time across the
 *   shop (a lease in the database); the answer lists what was loaded and every refused photo or
 *   problem with its row.
 * - GET /catalog/photos?sku=…: a colour's photos with their sizes and the renditions made.
 * - POST /catalog/photos/<id>: a new photo (image/*) in that photo's place.
 */
export function catalogRoutes(options: { db: Db; config: Config; store: PhotoStore; changed: () => Promise<void> }) {
  const { config, db, store } = options;
  const limits = { maxBytes: config.photos.maxBytes, maxPixels: config.photos.maxPixels };

  async function upload(request: Request): Promise<Response> {
    const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    const zip = type === 'application/zip' || type === 'application/x-zip-compressed';
    if (!zip && type !== 'application/json')
      return errorResponse(
        'UNSUPPORTED_MEDIA_TYPE',
        'Загрузите файл каталога (.json) или архив (.zip) с каталогом и фото',
      );
    // read before the lease is asked: a slow sender does not hold the shop's one import
    const bytes = Buffer.from(await request.arrayBuffer());
    if (bytes.length > CATALOG_UPLOAD_MAX_BYTES) return payloadTooLarge(CATALOG_UPLOAD_MAX_BYTES);
    const leased = await withImportLease(db, () => importUpload(bytes, zip));
    return leased.busy ? errorResponse('IMPORT_RUNNING') : leased.value;
  }

  async function importUpload(bytes: Buffer, zip: boolean): Promise<Response> {
    const dir = await mkdtemp(join(tmpdir(), 'catalog-upload-'));
    try {
      let file = join(dir, 'catalogue.json');
      if (zip) {
        await unpack(bytes, dir, limits.maxBytes);
        file = await findCatalogue(dir);
      } else {
        await writeFile(file, bytes);
      }
      const result = await importCatalogFile(db, file, {
        imageHosts: config.catalogImageHosts,
        photos: { store, limits, fetch: { hosts: config.catalogImageHosts, timeoutMs: config.photos.fetchTimeoutMs } },
      });
      if (!result.ok) return json({ ok: false, problems: result.problems }, 422);
      await options.changed();
      return json({ ok: true, loaded: result.loaded, photos: result.photos });
    } catch (e) {
      if (e instanceof UploadRefused)
        return json({ ok: false, problems: [{ position: '(архив)', message: e.message }] }, 422);
      throw e;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return async (request: Request, route: string): Promise<Response> => {
    if (route === '/catalog')
      return request.method === 'POST' ? upload(request) : errorResponse('METHOD_NOT_ALLOWED', 'POST');
    if (route === '/catalog/photos' && request.method === 'GET') {
      const sku = new URL(request.url).searchParams.get('sku') ?? '';
      const found = sku.trim() && sku.length <= 100 ? await productPhotos(db, store, sku) : null;
      return found
        ? json({ product: found })
        : errorResponse('NOT_FOUND', `Нет товара с артикулом «${sku.slice(0, 100)}»`);
    }
    const replace = /^\/catalog\/photos\/(\d{1,9})$/.exec(route);
    if (replace && request.method === 'POST') {
      const bytes = Buffer.from(await request.arrayBuffer());
      // under the import's lease: an import under way may be about to show the photo this one replaces
      const leased = await withImportLease(db, () => replacePhoto(db, store, limits, Number(replace[1]), bytes));
      if (leased.busy) return errorResponse('IMPORT_RUNNING');
      const result = leased.value;
      if (!result) return errorResponse('NOT_FOUND', 'Нет такого фото');
      if (!result.ok) return errorResponse('BAD_REQUEST', `Фото не принято: ${result.reason}`, { status: 422 });
      await options.changed();
      return json({ photo: result.photo });
    }
    return errorResponse('NOT_FOUND');
  };
}
