import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { s3ClientOptions } from '@shop/server-kit';
import type { PhotoS3Config } from './photo-config.ts';
import { isPhotoHash, type PhotoStore } from './photo-store.ts';

const notFound = (e: unknown) =>
  e instanceof S3ServiceException && (e.$metadata.httpStatusCode === 404 || e.name === 'NoSuchKey' || e.name === 'NotFound');

/**
 * The store in an S3-compatible bucket (Yandex Object Storage, Selectel, MinIO, AWS): what API
 * replicas on several machines share. The same keys as the folder's paths; an object appears
 * whole when its PUT completes, so no reader sees half a photo.
 */
export class S3PhotoStore implements PhotoStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: PhotoS3Config) {
    this.bucket = config.bucket;
    const { accessKeyId, secretAccessKey } = config;
    this.client = new S3Client(
      s3ClientOptions({ ...config, credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null }),
    );
  }

  private originalKey(hash: string): string {
    if (!isPhotoHash(hash)) throw new Error(`not a photo hash: ${hash}`);
    return `originals/${hash.slice(0, 2)}/${hash}`;
  }

  /** `source` and `name` come from a checked photo address (@shop/contracts/photos). */
  private renditionsPrefix(source: string): string {
    return `renditions/${source}/`;
  }

  private async get(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  private async put(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes }));
  }

  private async size(key: string): Promise<number | null> {
    try {
      return (await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))).ContentLength ?? null;
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  private async keys(prefix: string): Promise<string[]> {
    const out: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) if (o.Key) out.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  original(hash: string): Promise<Buffer | null> {
    return this.get(this.originalKey(hash));
  }

  async putOriginal(hash: string, bytes: Buffer): Promise<void> {
    const key = this.originalKey(hash);
    if ((await this.size(key)) !== null) return;
    await this.put(key, bytes);
  }

  async originalSize(hash: string): Promise<number | null> {
    return isPhotoHash(hash) ? this.size(this.originalKey(hash)) : null;
  }

  async renditionNames(source: string): Promise<string[]> {
    const prefix = this.renditionsPrefix(source);
    return (await this.keys(prefix)).map((k) => k.slice(prefix.length)).filter((n) => n && !n.includes('/')).sort();
  }

  rendition(source: string, name: string): Promise<Buffer | null> {
    return this.get(`${this.renditionsPrefix(source)}${name}`);
  }

  putRendition(source: string, name: string, bytes: Buffer): Promise<void> {
    return this.put(`${this.renditionsPrefix(source)}${name}`, bytes);
  }

  async forget(hash: string): Promise<void> {
    const keys = [...(await this.keys(this.renditionsPrefix(hash))), this.originalKey(hash)];
    // one request per thousand keys (the API's limit); a photo has a few dozen at most
    for (let i = 0; i < keys.length; i += 1000) {
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }
}
