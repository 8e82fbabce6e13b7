import type { Envelope } from '../../src/server/envelope'

interface ListPage {
  total: number
  /** Set where a search stopped counting: more than `total` match. */
  total_is_at_least?: true
  per_page: number
  current_page: number
  last_page: number
  data: Record<string, unknown>[]
}

/** Sign in through the real login endpoint; the token works on both servers, as they share the session table. */
export async function signIn(port: number, username: string, password: string): Promise<string> {
  const body = await call<{ userinfo: { token: string } }>(port, '/api/v1/platform/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', platform: 'pc' },
    body: JSON.stringify({ username, password }),
  })
  return body.userinfo.token
}

/** One list page's data: the envelope minus its clock, so two servers' answers compare as equal. */
export function fetchList(port: number, path: string, token: string): Promise<ListPage> {
  return call<ListPage>(port, path, { headers: { token, platform: 'pc' } })
}

/** A signed-in POST with a JSON body; the answer's data, or an error with its code and message. */
export function postJson<T>(port: number, path: string, token: string, body: unknown): Promise<T> {
  return call<T>(port, path, { method: 'POST', headers: { 'content-type': 'application/json', platform: 'pc', token }, body: JSON.stringify(body) })
}

/** A signed-in GET. */
export function getJson<T>(port: number, path: string, token: string): Promise<T> {
  return call<T>(port, path, { headers: { platform: 'pc', token } })
}

/** A signed-in multipart POST of one file as the part "file", as the console's upload sends it. */
export function uploadFile<T>(port: number, path: string, token: string, file: { name: string; bytes: Buffer }): Promise<T> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name)
  return call<T>(port, path, { method: 'POST', headers: { platform: 'pc', token }, body: form })
}

async function call<T>(port: number, path: string, init: RequestInit): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, init)
  const body = (await res.json()) as Envelope<T>
  if (res.status !== 200 || body.code !== 1) throw new Error(`${init.method ?? 'GET'} ${path} answered HTTP ${res.status}, code ${body.code}: ${body.msg}`)
  return body.data
}
