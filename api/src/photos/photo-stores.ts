import type { PhotoConfig } from './photo-config.ts';
import { FolderPhotoStore, type PhotoStore } from './photo-store.ts';

/**
 * The configured store: the bucket when PHOTO_S3_BUCKET is set, else the folder PHOTO_DIR. The S3
 * SDK (about 0.2 s to load) is loaded only for a bucket: the default shop never pays for it.
 */
export async function createPhotoStore(config: Pick<PhotoConfig, 'dir' | 's3'>): Promise<PhotoStore> {
  if (!config.s3) return new FolderPhotoStore(config.dir);
  const { S3PhotoStore } = await import('./photo-store-s3.ts');
  return new S3PhotoStore(config.s3);
}
