import type { UploadStoreConfig } from '../config'

/**
 * The origins a browser sends files to when it uploads straight to the store
 * (generate_sts_token): none for local disk, where files go through the API; the bucket's
 * addresses for S3, where the presigned POST goes to the bucket as a host of its own
 * (bucket.s3.region.amazonaws.com, bucket.endpoint) or, path-style, to the endpoint itself.
 * Both are listed: the SDK falls back to path-style for a bucket name with a dot.
 */
export function directUploadOrigins(store: UploadStoreConfig): string[] {
  if (store.store !== 's3') return []
  const base = new URL(store.endpoint ?? `https://s3.${store.region}.amazonaws.com`)
  const virtualHosted = `${base.protocol}//${store.bucket}.${base.host}`
  return store.forcePathStyle ? [base.origin] : [virtualHosted, base.origin]
}
