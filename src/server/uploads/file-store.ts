import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { createReadStream, createWriteStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import { randomBytes } from 'node:crypto'
import { dirname, join } from 'node:path'
import { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand } from '@aws-sdk/client-s3'
import { createPresignedPost } from '@aws-sdk/s3-presigned-post'
import type { Config, UploadStoreConfig } from '../config'
import { LOCAL_UPLOADS_PREFIX } from '../../schema/media-url'
import type { EntityDef } from '../../schema/types'

/** How a browser may send one file straight to the store (generate_sts_token). */
export interface DirectUpload {
  provider: 'local' | 's3'
  /** Where to POST the multipart form. */
  upload_url: string
  /** The store's name for the file (material/register takes it back). */
  key: string
  /** Form fields to send before the file part, as given. */
  fields: Record<string, string>
  /** Name of the file part. */
  file_field: string
  /** Sent as the "token" header too (local: the upload goes through this API). */
  needs_token: boolean
  /** Where the file will be readable once sent; empty when the API answers it (local). */
  url: string
  expires_at: string
  max_bytes: number
}

export interface FileStore {
  /** Keep the bytes under `key`; resolves to the URL browsers read it at. */
  put(key: string, data: Buffer, type: string): Promise<string>
  /**
   * Let a browser send one file of at most `maxBytes` and of `type` straight to the store;
   * a local store, which browsers cannot reach, names `viaApi`, the API call that takes it.
   */
  directUpload(key: string, maxBytes: number, type: string, now: Date, viaApi: string): Promise<DirectUpload>
  /** The address browsers read a kept file at. */
  urlOf(key: string): string
  /** Keep a file from disk under `key`, streamed (a video is never held in memory); `move` lets a local store take the file itself. */
  putFile(key: string, path: string, type: string, opts?: { move?: boolean }): Promise<string>
  /** A path ffmpeg can read the file at: the file itself on local disk, else a copy streamed into `dir`. */
  localCopy(key: string, dir: string): Promise<string>
  remove(key: string): Promise<void>
  /** The key of a file this store keeps, from the URL it answered for it; null for any other address. */
  keyOf(url: string): string | null
}

// Where local uploads are served from: the schemas' media-url format accepts these paths.
export { LOCAL_UPLOADS_PREFIX } from '../../schema/media-url'

/** A fresh, unguessable key under a month folder: uploads/2026-11/3f2a….png. */
export function newUploadKey(extension: string, now: Date): string {
  return `${now.toISOString().slice(0, 7)}/${randomBytes(16).toString('hex')}.${extension}`
}

const DIRECT_UPLOAD_SECONDS = 15 * 60

/** Remove the files a deleted record owned; one that will not go is logged and left, as the record is gone already. */
export async function removeStoredFiles(store: FileStore, urls: string[], log: { warn(obj: object, msg: string): void }): Promise<void> {
  for (const url of urls) {
    const key = url ? store.keyOf(url) : null
    if (key) await store.remove(key).catch((error: unknown) => log.warn({ err: error, key }, 'a deleted record\'s file could not be removed'))
  }
}

/** After a generic delete (src/server/generic-hooks.ts): the files its records owned, by the entity's "ownedFiles". */
export async function removeOwnedFiles(
  ctx: { services: { files: FileStore }; request: { log: { warn(obj: object, msg: string): void } } },
  entity: Pick<EntityDef, 'ownedFiles'>,
  rows: Record<string, unknown>[],
): Promise<void> {
  const owned = entity.ownedFiles ?? []
  await removeStoredFiles(ctx.services.files, rows.flatMap((row) => owned.map((field) => String(row[field] ?? ''))), ctx.request.log)
}

/** A key the store made (newUploadKey's shape) after the store's prefix; no way out of the folder. */
function keyAfter(prefix: string, url: string): string | null {
  if (!url.startsWith(prefix)) return null
  const key = url.slice(prefix.length)
  return /^(materials\/[0-9]+\/)?[0-9]{4}-[0-9]{2}\/[0-9a-f]{32}\.[a-z0-9]{1,5}$/.test(key) ? key : null
}

export function createFileStore(config: Pick<Config, 'dataDir' | 'uploads'>): FileStore {
  return config.uploads.store === 's3' ? s3Store(config.uploads) : localStore(join(config.dataDir, 'uploads'))
}

function localStore(root: string): FileStore {
  return {
    async put(key, data) {
      const path = join(root, key)
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, data, { flag: 'wx' })
      return LOCAL_UPLOADS_PREFIX + key
    },
    async putFile(key, path, _type, opts = {}) {
      const target = join(root, key)
      await mkdir(dirname(target), { recursive: true })
      // A rename across file systems (a temp dir on another disk) fails; copying then works everywhere.
      if (opts.move) await rename(path, target).catch(() => copyFile(path, target))
      else await copyFile(path, target)
      return LOCAL_UPLOADS_PREFIX + key
    },
    async localCopy(key) {
      const path = join(root, key)
      await stat(path)
      return path
    },
    async remove(key) {
      await rm(join(root, key), { force: true })
    },
    keyOf(url) {
      return keyAfter(LOCAL_UPLOADS_PREFIX, url)
    },
    urlOf(key) {
      return LOCAL_UPLOADS_PREFIX + key
    },
    async directUpload(key, maxBytes, _type, now, viaApi) {
      // Local files can only arrive through the API, which checks and stores them itself.
      return { provider: 'local', upload_url: viaApi, key, fields: {}, file_field: 'file', needs_token: true, url: '', expires_at: new Date(now.getTime() + DIRECT_UPLOAD_SECONDS * 1000).toISOString(), max_bytes: maxBytes }
    },
  }
}

/** The client every S3 use of the project shares (the store, backup and restore). */
export function s3ClientOf(config: Extract<UploadStoreConfig, { store: 's3' }>): S3Client {
  return new S3Client({
    // By default the SDK streams a file as aws-chunked with a trailing checksum, which AWS decodes
    // but many S3-compatible stores (MinIO releases, clouds' OSS) keep as the object's bytes or refuse.
    // Plain bodies with their length are what every S3-compatible store reads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  })
}

function s3Store(config: Extract<UploadStoreConfig, { store: 's3' }>): FileStore {
  const client = s3ClientOf(config)
  return {
    async put(key, data, type) {
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: data, ContentType: type }))
      return `${config.publicUrl}/${key}`
    },
    async putFile(key, path, type) {
      const { size } = await stat(path)
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: createReadStream(path), ContentLength: size, ContentType: type }))
      return `${config.publicUrl}/${key}`
    },
    async localCopy(key, dir) {
      const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }))
      const path = join(dir, key.replace(/\//g, '_'))
      await pipeline(answer.Body as Readable, createWriteStream(path))
      return path
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }))
    },
    keyOf(url) {
      return keyAfter(`${config.publicUrl}/`, url)
    },
    urlOf(key) {
      return `${config.publicUrl}/${key}`
    },
    async directUpload(key, maxBytes, type, now) {
      // A presigned POST policy: the S3 way to hand a browser short-lived rights to one key, one type, one size range.
      const post = await createPresignedPost(client, {
        Bucket: config.bucket,
        Key: key,
        Conditions: [['content-length-range', 1, maxBytes], ['eq', '$Content-Type', type]],
        Fields: { 'Content-Type': type },
        Expires: DIRECT_UPLOAD_SECONDS,
      })
      return { provider: 's3', upload_url: post.url, key, fields: post.fields, file_field: 'file', needs_token: false, url: `${config.publicUrl}/${key}`, expires_at: new Date(now.getTime() + DIRECT_UPLOAD_SECONDS * 1000).toISOString(), max_bytes: maxBytes }
    },
  }
}

/** The store's folder for a caller's direct material uploads. */
export function materialKeyPrefix(ownerId: number): string {
  return `materials/${ownerId}/`
}
