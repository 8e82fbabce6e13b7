import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

/** One request the load sent: when, how long, and whether it was served. */
export interface Sent {
  who: string
  what: string
  started: number
  ended: number
  /** The HTTP status, or the network error's name when none came. */
  status: number | string
  ok: boolean
}

/** A task submit as a client makes it: retried with the same idempotency key until it is taken. */
export interface Submit {
  key: string
  title: string
  /** The task id the API answered with; undefined while no attempt was taken. */
  taskId?: number
  attempts: number
}

export interface Merchant {
  username: string
  token: string
  materialId: number
}

const READS = ['/platform/get_user_info', '/material/list', '/task/list', '/work/list'] as const
/** A merchant's pace: a read every 200 ms, a clip submitted every 3 s, a material uploaded and a work deleted every 30 s. */
const READ_MS = 200
const SUBMIT_EVERY = 15
const UPLOAD_EVERY = 150
const DELETE_EVERY = 150

/**
 * The steady load of one merchant until `until()` says stop: reads of the lists a console shows,
 * clip submits (each retried with its key until taken), material uploads straight to the store,
 * and deletes of its oldest work. Every request is recorded in `sent`.
 */
/** Requests as the merchant's console sends them, each recorded in `sent`. */
export function callsOf(url: string, merchant: Pick<Merchant, 'username' | 'token'>, sent: Sent[]): Call {
  return async (what, path, init = {}) => {
    const started = performance.now()
    const json: Record<string, string> = typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}
    try {
      const res = await fetch(path.startsWith('http') ? path : `${url}/api/v1${path}`, { ...init, headers: { platform: 'pc', token: merchant.token, ...json, ...(init.headers as Record<string, string>) }, signal: AbortSignal.timeout(30_000) })
      const text = await res.text()
      // A refusal in the envelope (code 0) was served all the same: the API answered and said why.
      const ok = res.status < 300
      sent.push({ who: merchant.username, what, started, ended: performance.now(), status: res.status, ok })
      return { ok, body: text.startsWith('{') ? (JSON.parse(text) as Envelope) : undefined }
    } catch (error) {
      sent.push({ who: merchant.username, what, started, ended: performance.now(), status: (error as Error).name, ok: false })
      return { ok: false }
    }
  }
}

export async function merchantLoad(url: string, merchant: Merchant, video: string, sent: Sent[], submits: Submit[], until: () => boolean): Promise<void> {
  const call = callsOf(url, merchant, sent)
  const trySubmit = async (submit: Submit) => {
    submit.attempts++
    const body = { title: submit.title, segments: [{ material_id: merchant.materialId }], resolution: 480, fps: 20, bitrate: 600 }
    const answer = await call('submit', '/task/submit_clip', { method: 'POST', headers: { 'idempotency-key': submit.key }, body: JSON.stringify(body) })
    if (answer.body?.code === 1) submit.taskId = (answer.body.data as { id: number }).id
    return submit.taskId !== undefined
  }
  const pending: Submit[] = []
  let n = 0
  while (!until()) {
    n++
    const read = READS[n % READS.length]!
    await call('read', read, { method: read === '/platform/get_user_info' ? 'POST' : 'GET' })
    if (n % SUBMIT_EVERY === 0) {
      const submit: Submit = { key: `chaos-${merchant.username}-${n}`, title: `chaos ${merchant.username} #${n}`, attempts: 0 }
      submits.push(submit)
      pending.push(submit)
    }
    for (const submit of pending.splice(0)) if (!(await trySubmit(submit))) pending.push(submit)
    if (n % UPLOAD_EVERY === 0) await upload(call, video, `chaos-${n}.mp4`)
    if (n % DELETE_EVERY === DELETE_EVERY / 2) {
      const works = await call('read', '/work/list?sort=id&order=asc&limit=1', { method: 'GET' })
      const oldest = (works.body?.data as { data?: { id: number }[] } | undefined)?.data?.[0]
      if (oldest) await call('delete', '/work/del', { method: 'POST', body: JSON.stringify({ ids: [oldest.id] }) })
    }
    await sleep(READ_MS)
  }
  // Submits not yet taken are sent again, as a client would, for a while after the load stops.
  const deadline = performance.now() + 60_000
  while (pending.length > 0 && performance.now() < deadline) {
    for (const submit of pending.splice(0)) if (!(await trySubmit(submit))) pending.push(submit)
    if (pending.length > 0) await sleep(1000)
  }
}

interface Envelope {
  code?: number
  data?: unknown
}
export type Call = (what: string, path: string, init?: RequestInit) => Promise<{ ok: boolean; body?: Envelope }>

/** A material sent as the console sends it to an S3 store: a presigned POST to the bucket, then material/register. */
export async function upload(call: Call, video: string, name: string): Promise<number | undefined> {
  const grant = (await call('upload', '/upload/generate_sts_token?type=video%2Fmp4&purpose=material', { method: 'GET' })).body?.data as { upload_url: string; fields: Record<string, string>; file_field: string; key: string } | undefined
  if (!grant?.upload_url) return undefined
  const form = new FormData()
  for (const [field, value] of Object.entries(grant.fields)) form.append(field, value)
  form.append(grant.file_field, new Blob([readFileSync(video)], { type: 'video/mp4' }), name)
  if (!(await call('upload', grant.upload_url, { method: 'POST', body: form })).ok) return undefined
  const registered = await call('upload', '/material/register', { method: 'POST', body: JSON.stringify({ key: grant.key, name }) })
  return (registered.body?.data as { id?: number } | undefined)?.id
}
