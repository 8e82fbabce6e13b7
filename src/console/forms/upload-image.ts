import type { Registry } from '../../schema/types'
import type { HttpClient } from '../providers/http-client'

const UPLOAD = 'upload/oss_upload'
const DIRECT = 'upload/generate_sts_token'

interface DirectUpload {
  provider: 'local' | 's3'
  upload_url: string
  fields: Record<string, string>
  file_field: string
  url: string
}

/** Why a file was not sent; `reason` names a console message. */
export class UploadRefused extends Error {
  constructor(readonly reason: 'type' | 'size' | 'store', readonly detail: { types?: string; limitMb?: number } = {}) {
    super(`upload refused: ${reason}`)
  }
}

/** The accepted types and size of image uploads, as schemas/endpoints/upload/oss_upload.json declares them. */
export function imageLimits(registry: Registry): { types: string[]; maxBytes: number } {
  const part = registry.endpoints.get(UPLOAD)!.files!.file!
  return { types: part.types ?? [], maxBytes: part.maxBytes }
}

/**
 * Send one image where the platform keeps files and resolve to the URL it is read at.
 * Asks generate_sts_token first: with S3-compatible storage the file goes straight to the
 * bucket under a presigned policy; otherwise it goes through oss_upload, which checks it.
 */
export async function uploadImage(file: File, registry: Registry, http: HttpClient, send: typeof fetch = fetch): Promise<string> {
  const { types, maxBytes } = imageLimits(registry)
  if (!types.includes(file.type)) throw new UploadRefused('type', { types: types.map((t) => t.split('/')[1]!.toUpperCase()).join(', ') })
  if (file.size > maxBytes) throw new UploadRefused('size', { limitMb: +(maxBytes / 1024 / 1024).toFixed(1) })
  const direct = await http.request<DirectUpload>({ method: 'GET', path: registry.endpoints.get(DIRECT)!.path, query: { type: file.type } })
  if (direct.provider === 's3') {
    const form = new FormData()
    for (const [name, value] of Object.entries(direct.fields)) form.append(name, value)
    form.append(direct.file_field, file, file.name)
    const response = await send(direct.upload_url, { method: 'POST', body: form })
    if (!response.ok) throw new UploadRefused('store')
    return direct.url
  }
  const form = new FormData()
  form.append('file', file, file.name)
  const stored = await http.request<{ url: string }>({ method: 'POST', path: registry.endpoints.get(UPLOAD)!.path, body: form })
  return stored.url
}
