/**
 * The uploaded files, as a backup reads them and a restore writes them: the local uploads folder
 * (DATA_DIR/uploads) or every object of the S3 bucket, streamed to and from files.
 */
import { createReadStream, createWriteStream } from 'node:fs'
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3'
import type { Config, UploadStoreConfig } from '../src/server/config'
import { s3ClientOf } from '../src/server/uploads/file-store'

export interface StoredObject {
  key: string
  bytes: number
  /** The Content-Type a bucket serves it with; a local file's type comes from its name. */
  type?: string
}

export interface Store {
  /** What the operator knows it by, for messages. */
  name: string
  list(): Promise<StoredObject[]>
  /** One object into `path`; false when it was deleted since it was listed. */
  download(object: StoredObject, path: string): Promise<StoredObject | false>
  upload(object: StoredObject, path: string): Promise<void>
}

export function storeOf(config: Pick<Config, 'dataDir' | 'uploads'>): Store {
  return config.uploads.store === 's3' ? bucket(config.uploads) : uploadsFolder(join(config.dataDir, 'uploads'))
}

/** `key` under `folder`, refused when it would land outside it (a bucket may hold any key). */
export function pathInside(folder: string, key: string): string {
  const path = resolve(folder, key)
  if (!path.startsWith(resolve(folder) + sep)) throw new Error(`The object key "${key}" would be written outside ${folder}.`)
  return path
}

function uploadsFolder(root: string): Store {
  return {
    name: `the uploads folder ${root}`,
    async list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return []
        throw error
      })
      const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
      const listed: StoredObject[] = []
      for (const file of files) {
        const size = await stat(file).then((s) => s.size, () => null)
        // Keys use "/" as the store's URLs do, whatever the platform's separator.
        if (size !== null) listed.push({ key: relative(root, file).split(sep).join('/'), bytes: size })
      }
      return listed
    },
    async download(object, path) {
      await mkdir(dirname(path), { recursive: true })
      try {
        await copyFile(join(root, object.key), path)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
        throw error
      }
      // The size as copied: a file still being written when it was listed is copied again by the next pass.
      return { key: object.key, bytes: (await stat(path)).size }
    },
    async upload(object, path) {
      const target = pathInside(root, object.key)
      await mkdir(dirname(target), { recursive: true })
      await copyFile(path, target)
    },
  }
}

function bucket(config: Extract<UploadStoreConfig, { store: 's3' }>): Store {
  const client = s3ClientOf(config)
  return {
    name: `the bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ''}`,
    async list() {
      const listed: StoredObject[] = []
      let token: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, ContinuationToken: token }))
        for (const object of page.Contents ?? []) if (object.Key && !object.Key.endsWith('/')) listed.push({ key: object.Key, bytes: object.Size ?? 0 })
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      return listed
    },
    async download(object, path) {
      await mkdir(dirname(path), { recursive: true })
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: object.key }))
        await pipeline(answer.Body as Readable, createWriteStream(path))
        return { key: object.key, bytes: (await stat(path)).size, ...(answer.ContentType ? { type: answer.ContentType } : {}) }
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return false
        throw error
      }
    },
    async upload(object, path) {
      const { size } = await stat(path)
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: object.key, Body: createReadStream(path), ContentLength: size, ContentType: object.type ?? 'application/octet-stream' }))
    },
  }
}
