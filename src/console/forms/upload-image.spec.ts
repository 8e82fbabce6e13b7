import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createRegistry } from '../../schema/registry'
import { readSchemaFiles } from '../../schema/load-files'
import type { ApiRequest, HttpClient } from '../providers/http-client'
import { uploadImage, UploadRefused } from './upload-image'

const registry = createRegistry(readSchemaFiles(resolve(__dirname, '../../../schemas')))
const png = (size = 10) => new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' })

function fakeHttp(direct: object) {
  const sent: ApiRequest[] = []
  const http: HttpClient = {
    async request<T>(req: ApiRequest) {
      sent.push(req)
      return (req.path === '/upload/generate_sts_token' ? direct : { url: '/uploads/2026-11/abc.png' }) as T
    },
    upload: () => expect.unreachable('images go through request'),
    uploadTo: () => expect.unreachable('images go through fetch'),
    downloadUrl: async () => '',
    stream: () => Promise.reject(new Error('no streams here')),
  }
  return { http, sent }
}

describe('uploadImage (the image widget of the generated forms)', () => {
  it('sends the file through oss_upload when files are kept by the server', async () => {
    const { http, sent } = fakeHttp({ provider: 'local', upload_url: '/api/v1/upload/oss_upload', fields: {}, file_field: 'file', url: '' })
    expect(await uploadImage(png(), registry, http)).toBe('/uploads/2026-11/abc.png')
    expect(sent.map((r) => [r.method, r.path])).toEqual([['GET', '/upload/generate_sts_token'], ['POST', '/upload/oss_upload']])
    expect(sent[0]!.query).toEqual({ type: 'image/png' })
    expect((sent[1]!.body as FormData).get('file')).toBeInstanceOf(File)
  })

  it('posts straight to the bucket with the presigned fields when storage is S3-compatible', async () => {
    const { http, sent } = fakeHttp({ provider: 's3', upload_url: 'https://s3.example.com/media', fields: { key: '2026-11/x.png', Policy: 'p' }, file_field: 'file', url: 'https://cdn.example.com/2026-11/x.png' })
    const posted: { url: string; form: FormData }[] = []
    const send = (async (url: string, init: RequestInit) => {
      posted.push({ url, form: init.body as FormData })
      return new Response(null, { status: 204 })
    }) as typeof fetch
    expect(await uploadImage(png(), registry, http, send)).toBe('https://cdn.example.com/2026-11/x.png')
    expect(sent).toHaveLength(1)
    expect(posted[0]!.url).toBe('https://s3.example.com/media')
    // S3 reads the policy fields before the file, so the file goes last.
    expect([...posted[0]!.form.keys()]).toEqual(['key', 'Policy', 'file'])
  })

  it('refuses, before sending anything, a file of another type or over the size the endpoint file declares', async () => {
    const { http, sent } = fakeHttp({})
    await expect(uploadImage(new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' }), registry, http)).rejects.toMatchObject({ reason: 'type', detail: { types: 'PNG, JPEG, GIF, WEBP' } })
    await expect(uploadImage(png(5 * 1024 * 1024 + 1), registry, http)).rejects.toBeInstanceOf(UploadRefused)
    expect(sent).toEqual([])
  })
})
