import type { Material, UploadGenerateStsTokenResponse } from '../../generated/types'
import type { JsonSchema, Registry } from '../../schema/types'
import type { HttpClient } from '../providers/http-client'

const DIRECT = 'upload/generate_sts_token'
const REGISTER = 'material/register'

export interface MaterialSending {
  /** Bytes sent so far of `total`. */
  onProgress: (sent: number, total: number) => void
  /** Every byte has gone; the server now probes the file. */
  onProbing: () => void
}

/**
 * One material from the browser to the platform. With S3-compatible storage the file goes
 * straight to the bucket under a presigned policy (generate_sts_token, purpose material) and
 * material/register then keeps it; otherwise, or for a type the store is not asked to take, it
 * goes through `upload` (material/upload), which streams it to disk. Either way the server
 * probes it, and refuses what is not really media.
 */
export async function sendMaterial(file: File, fields: Record<string, string>, upload: string, registry: Pick<Registry, 'endpoints'>, http: HttpClient, sending: MaterialSending): Promise<Material> {
  const direct = registry.endpoints.get(DIRECT)
  const register = registry.endpoints.get(REGISTER)
  // The types the store takes straight from the browser, as the call's schema lists them.
  const types = ((direct?.request.query?.properties as Record<string, JsonSchema> | undefined)?.type?.enum ?? []) as string[]
  if (direct && register && types.includes(file.type)) {
    const grant = await http.request<UploadGenerateStsTokenResponse>({ method: 'GET', path: direct.path, query: { type: file.type, purpose: 'material' }, quiet: true })
    if (grant.provider === 's3') {
      const form = new FormData()
      for (const [name, value] of Object.entries(grant.fields)) form.append(name, value)
      form.append(grant.file_field, file, file.name)
      await http.uploadTo({ url: grant.upload_url, body: form, onProgress: sending.onProgress })
      sending.onProbing()
      return http.request<Material>({ method: 'POST', path: register.path, body: { key: grant.key, name: file.name, ...fields }, quiet: true })
    }
  }
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  body.append('file', file, file.name)
  return http.upload<Material>({
    path: upload,
    body,
    quiet: true,
    onProgress: (sent, total) => (total > 0 && sent >= total ? sending.onProbing() : sending.onProgress(sent, total)),
  })
}
