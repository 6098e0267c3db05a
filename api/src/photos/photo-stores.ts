import type { PhotoConfig } from './photo-config.ts';
import { FolderPhotoStore, type PhotoStore } from './photo-store.ts';
import { S3PhotoStore } from './photo-store-s3.ts';

/** The configured store: the bucket when PHOTO_S3_BUCKET is set, else the folder PHOTO_DIR. */
export function createPhotoStore(config: Pick<PhotoConfig, 'dir' | 's3'>): PhotoStore {
  return config.s3 ? new S3PhotoStore(config.s3) : new FolderPhotoStore(config.dir);
}
