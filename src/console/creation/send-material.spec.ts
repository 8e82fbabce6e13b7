import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSchemaFiles } from '../../schema/load-files'
import { createRegistry } from '../../schema/registry'
import type { ApiRequest, HttpClient, UploadRequest } from '../providers/http-client'
import { sendMaterial } from './send-material'

const registry = createRegistry(readSchemaFiles(resolve(__dirname, '../../../schemas')))

/** A client that answers generate_sts_token as the store would, and writes down every call. */
function fakeHttp(provider: 'local' | 's3') {
  const calls: { via: string; path: string; body?: unknown; query?: unknown; form?: Record<string, string> }[] = []
  const formOf = (body: FormData) => Object.fromEntries([...body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}`]))
  const http: HttpClient = {
    async request<T>(req: ApiRequest) {
      calls.push({ via: 'request', path: req.path, body: req.body, query: req.query })
      if (req.path === '/upload/generate_sts_token') return { provider, upload_url: 'https://bucket.example.com/media', key: 'materials/3/2026-11/abc.mp4', fields: { key: 'materials/3/2026-11/abc.mp4', Policy: 'p' }, file_field: 'file', needs_token: false, url: '', expires_at: '', max_bytes: 1 } as T
      return { id: 9 } as T
    },
    async upload<T>(req: UploadRequest) {
      calls.push({ via: 'upload', path: req.path, form: formOf(req.body) })
      req.onProgress?.(10, 10)
      return { id: 8 } as T
    },
    async uploadTo(req) {
      calls.push({ via: 'uploadTo', path: req.url, form: formOf(req.body) })
      req.onProgress?.(5, 10)
    },
    downloadUrl: async () => '',
    stream: () => Promise.reject(new Error('no streams here')),
  }
  return { http, calls }
}

const video = () => new File([new Uint8Array(16)], 'beach.mp4', { type: 'video/mp4' })

describe('sending a material', () => {
  it('goes straight to an S3 bucket with the policy\'s fields, then has the server keep it under its key', async () => {
    const { http, calls } = fakeHttp('s3')
    const seen: string[] = []
    const kept = await sendMaterial(video(), { folder_id: '4', tags: 'sea' }, '/material/upload', registry, http, { onProgress: (sent, total) => seen.push(`${sent}/${total}`), onProbing: () => seen.push('probing') })
    expect(kept).toEqual({ id: 9 })
    expect(calls).toEqual([
      { via: 'request', path: '/upload/generate_sts_token', body: undefined, query: { type: 'video/mp4', purpose: 'material' } },
      { via: 'uploadTo', path: 'https://bucket.example.com/media', form: { key: 'materials/3/2026-11/abc.mp4', Policy: 'p', file: 'file:beach.mp4' } },
      { via: 'request', path: '/material/register', body: { key: 'materials/3/2026-11/abc.mp4', name: 'beach.mp4', folder_id: '4', tags: 'sea' }, query: undefined },
    ])
    expect(seen).toEqual(['5/10', 'probing'])
  })

  it('goes through the API with local storage, and for a type the store is not asked to take', async () => {
    const local = fakeHttp('local')
    await sendMaterial(video(), { tags: 'sea' }, '/material/upload', registry, local.http, { onProgress: () => undefined, onProbing: () => undefined })
    expect(local.calls.map((c) => `${c.via} ${c.path}`)).toEqual(['request /upload/generate_sts_token', 'upload /material/upload'])
    expect(local.calls[1]!.form).toEqual({ tags: 'sea', file: 'file:beach.mp4' })
    const odd = fakeHttp('s3')
    await sendMaterial(new File(['x'], 'clip.avi', { type: 'video/x-msvideo' }), {}, '/material/upload', registry, odd.http, { onProgress: () => undefined, onProbing: () => undefined })
    expect(odd.calls.map((c) => `${c.via} ${c.path}`)).toEqual(['upload /material/upload'])
  })
})
