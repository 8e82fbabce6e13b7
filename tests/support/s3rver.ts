import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { UploadStoreConfig } from '../../src/server/config'

/**
 * s3rver 3.7.1 (npm `s3rver`, github.com/jamhall/s3rver at tag v3.7.1), an S3 server we did not
 * write, on 127.0.0.1, keeping its bucket in a temp folder. What it was started by, read from
 * its source at that tag:
 *
 * - lib/s3rver.js: the options; `run()` creates `configureBuckets` then listens, resolving to
 *   the bound address (port 0 takes a free one); `close()` closes `httpServer`.
 * - lib/middleware/authentication.js: the only credentials it knows are the built-in pair
 *   S3RVER / S3RVER (lib/models/account.js); any other access key is InvalidAccessKeyId.
 * - lib/middleware/vhost.js: a request to an IP address is path-style, /bucket/key.
 * - lib/controllers/bucket.js getBucket: list-type=2 listing, answered to unsigned requests too.
 *
 * What it does not check is said where it matters, in tests/api/s3rver-store.spec.ts.
 */
export interface S3rverStore {
  endpoint: string
  bucket: string
  /** The store's settings for this server, as UPLOAD_STORE=s3 and the S3_* variables give them. */
  uploads: Extract<UploadStoreConfig, { store: 's3' }>
  /** Every key in the bucket, read through the S3 API (ListObjectsV2), sorted. */
  keys(): Promise<string[]>
  close(): Promise<void>
}

/** The part of s3rver's API started here; the package ships no types. */
interface S3rverServer {
  run(): Promise<AddressInfo>
  close(): Promise<void>
  httpServer?: Server
}
type S3rverClass = new (options: { address: string; port: number; directory: string; silent: boolean; configureBuckets: { name: string }[] }) => S3rverServer

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass

export async function startS3rver(bucket: string): Promise<S3rverStore> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    uploads: { store: 's3', endpoint, region: 'us-east-1', bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', publicUrl: `${endpoint}/${bucket}`, forcePathStyle: true },
    async keys() {
      // Unsigned: s3rver lets anyone list, as a bucket readable by all would.
      const answer = await fetch(`${endpoint}/${bucket}?list-type=2`)
      if (!answer.ok) throw new Error(`s3rver listed ${bucket} with HTTP ${answer.status}`)
      return [...(await answer.text()).matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]!).sort()
    },
    async close() {
      // The SDK keeps connections alive; close() alone would wait for them.
      server.httpServer?.closeAllConnections()
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
