/**
 * How the services reach an S3-compatible bucket (Yandex Object Storage, Selectel, MinIO, AWS):
 * the options for `new S3Client(...)` of @aws-sdk/client-s3. Plain data, so a service that has
 * no bucket configured never loads the SDK.
 */
export function s3ClientOptions(bucket: {
  region: string;
  /** An S3-compatible server's address, reached path-style; unset: AWS S3. */
  endpoint?: string | null;
  /** Unset: the SDK's own chain (AWS_ACCESS_KEY_ID…, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | null;
}) {
  return {
    region: bucket.region,
    ...(bucket.endpoint ? { endpoint: bucket.endpoint, forcePathStyle: true } : {}),
    ...(bucket.credentials ? { credentials: bucket.credentials } : {}),
    // checksums only where S3 requires them: S3-compatible servers differ in the rest
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
}
