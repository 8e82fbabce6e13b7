import { describe, expect, it } from 'vitest'
import { directUploadOrigins } from './upload-origins'

const s3 = { store: 's3' as const, region: 'us-east-1', bucket: 'media', accessKeyId: 'a', secretAccessKey: 'b', publicUrl: 'https://cdn.example.com', forcePathStyle: false }

describe('directUploadOrigins: where the console may send files straight to storage', () => {
  it.each([
    ['local disk: nowhere but the API', { store: 'local' as const }, []],
    ['AWS, the bucket as a host (and path-style, for a name with a dot)', s3, ['https://media.s3.us-east-1.amazonaws.com', 'https://s3.us-east-1.amazonaws.com']],
    ['AWS, path-style', { ...s3, forcePathStyle: true }, ['https://s3.us-east-1.amazonaws.com']],
    ['MinIO on a port, path-style', { ...s3, endpoint: 'http://127.0.0.1:9000', forcePathStyle: true }, ['http://127.0.0.1:9000']],
    ['a cloud OSS, the bucket as a host', { ...s3, region: 'cn-hangzhou', endpoint: 'https://oss-cn-hangzhou.aliyuncs.com' }, ['https://media.oss-cn-hangzhou.aliyuncs.com', 'https://oss-cn-hangzhou.aliyuncs.com']],
  ])('%s', (_, store, origins) => {
    expect(directUploadOrigins(store)).toEqual(origins)
  })
})
