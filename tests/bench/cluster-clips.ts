/**
 * Smart clips through a cluster, the whole way a merchant's are made: submitted over HTTP through
 * nginx (task/submit_clip), queued in PostgreSQL, run by the cluster's worker processes (ffmpeg,
 * the source read from and the output kept in the S3 store), followed through task/detail.
 */
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { getJson, postJson, uploadFile } from './api-client'
import { machineBusy } from './machine-cpu'

/** The product's 720p: 720 × 1280 in 9:16, at its default bitrate for 720p. */
export const CLIP = { resolution: 720, shape: '9:16' }

export interface ClipRun {
  clips: number
  /** started_at − created_at of each. */
  latencyMs: number[]
  /** First created_at to last finished_at. */
  wallMs: number
  outputSeconds: number
  /** The machine's cores busy from the first submit to the last success, 0 to 1. */
  busy: number | undefined
}

interface TaskRow {
  id: number
  status: string
  created_at: string
  started_at: string | null
  finished_at: string | null
  error: Record<string, string> | null
  result: { outputs?: { duration?: number }[] } | null
}

/** The source, uploaded once through nginx as a material (kept in the cluster's store). */
export async function uploadSource(port: number, token: string, path: string): Promise<number> {
  const material = await uploadFile<{ id: number }>(port, '/api/v1/material/upload', token, { name: basename(path), bytes: readFileSync(path) })
  return material.id
}

/**
 * The measured clip once per slot, not timed: the first run of a clip pays for a worker's first
 * connections and code, and the store's and the disk's first reads, which no later run does.
 */
export async function warmUpClips(port: number, token: string, materialId: number, count: number): Promise<void> {
  const ids = await submitClips(port, token, count, (i) => ({ ...CLIP, title: `warm-up ${i + 1}`, segments: [{ material_id: materialId }] }))
  await waitSucceeded(port, token, ids)
}

/** `count` clips of the whole source, submitted at once (one after another, as fast as the API answers). */
export async function runClips(port: number, token: string, materialId: number, count: number, label: string): Promise<ClipRun> {
  const busy = machineBusy()
  const ids = await submitClips(port, token, count, (i) => ({ ...CLIP, title: `${label} ${i + 1}`, segments: [{ material_id: materialId }] }))
  const tasks = await waitSucceeded(port, token, ids)
  const at = (t: TaskRow, field: 'created_at' | 'started_at' | 'finished_at') => Date.parse(String(t[field]))
  return {
    clips: tasks.length,
    latencyMs: tasks.map((t) => at(t, 'started_at') - at(t, 'created_at')),
    wallMs: Math.max(...tasks.map((t) => at(t, 'finished_at'))) - Math.min(...tasks.map((t) => at(t, 'created_at'))),
    outputSeconds: tasks.reduce((sum, t) => sum + (t.result?.outputs ?? []).reduce((s, o) => s + (o.duration ?? 0), 0), 0),
    busy: busy(),
  }
}

async function submitClips(port: number, token: string, count: number, input: (i: number) => Record<string, unknown>): Promise<number[]> {
  const ids: number[] = []
  for (let i = 0; i < count; i++) ids.push((await postJson<{ id: number }>(port, '/api/v1/task/submit_clip', token, input(i))).id)
  return ids
}

/** Polled, not timed: the figures are the tasks' own timestamps, so how often this looks changes none of them. */
async function waitSucceeded(port: number, token: string, ids: number[], timeoutMs = 600_000): Promise<TaskRow[]> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const tasks = await Promise.all(ids.map((id) => getJson<TaskRow>(port, `/api/v1/task/detail?id=${id}`, token)))
    const ended = tasks.find((t) => t.status === 'failed' || t.status === 'cancelled')
    if (ended) throw new Error(`clip task ${ended.id} ended ${ended.status}: ${ended.error?.['en-US'] ?? JSON.stringify(ended.error)}`)
    if (tasks.every((t) => t.status === 'succeeded')) return tasks
    if (performance.now() > deadline) throw new Error(`the clip tasks had not all succeeded after ${timeoutMs / 1000} s: ${tasks.map((t) => t.status).join(', ')}`)
    await sleep(500)
  }
}
