/**
 * Voice previews beside everyone else's lists (npm run bench -- previews). A partner reads its
 * task list over HTTP all along, while 16 merchants ask for voice previews (espeak-ng and ffmpeg
 * inside the request) as fast as they are answered, each a sentence of its own so none comes
 * from the cache. Three phases, side by side in turns: no previews; previews through the
 * process's gate as shipped (speakLimit.atOnce, 2 at once); and the same previews with the gate
 * opened to 16, as the console was before it. The per-account limit is raised out of the way:
 * what is measured is what one process's gate does for everybody else.
 */
import type { AddressInfo } from 'node:net'
import { startTestServer } from '../api/harness'
import { readConfig } from '../../src/server/config'
import { median, percentile } from './report'

const MERCHANTS = 16
const PHASE_MS = 8000
const ROUNDS = 2
/** A preview refused as busy tries again after this, as a person pressing the button again would. */
const BUSY_RETRY_MS = 250
const SHIPPED = readConfig({}).speakLimit

export interface PreviewPhase {
  name: 'quiet' | 'gated' | 'open'
  listMs: number[]
  previews: { served: number; busy: number; failed: number }
}

export interface PreviewFigures {
  atOnce: number
  phases: PreviewPhase[]
}

export async function benchPreviews(): Promise<PreviewFigures> {
  const server = await startTestServer({ config: { speakLimit: { ...SHIPPED, perAccount: 1_000_000 } } })
  const shipped = SHIPPED.atOnce
  try {
    await server.account('bench-admin', 'admin')
    const accounts = await server.accounts([['bench-partner', 'partner', 'bench-admin'], ...Array.from({ length: MERCHANTS }, (_, i) => [`bench-m${i}`, 'merchant', 'bench-partner'] as const)])
    const now = new Date().toISOString()
    const voiceOf: Record<string, number> = {}
    for (let i = 0; i < MERCHANTS; i++) {
      const row = await server.services.db
        .insertInto('voice_clone')
        .values({ user_id: accounts.id[`bench-m${i}`]!, name: 'Bench voice', status: 'succeeded', provider: 'local', kind: 'stock', voice_id: 'local:en+m3:50', sample_url: '', error: '', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
      voiceOf[`bench-m${i}`] = Number(row.id)
    }
    await server.app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api/v1`
    const watcher = accounts.token['bench-partner']!

    let sentence = 0
    const phase = async (name: PreviewPhase['name']): Promise<PreviewPhase> => {
      server.services.config.speakLimit.atOnce = name === 'open' ? MERCHANTS : shipped
      const previews = { served: 0, busy: 0, failed: 0 }
      const ends = performance.now() + PHASE_MS
      const speaker = async (name: string) => {
        while (performance.now() < ends) {
          const query = new URLSearchParams({ id: String(voiceOf[name]), text: `Preview number ${++sentence}, read for the bench.` })
          const res = await fetch(`${base}/voice_clone/speak?${query}`, { headers: { platform: 'pc', token: accounts.token[name]! } })
          const body = Buffer.from(await res.arrayBuffer())
          if (res.status === 200 && (res.headers.get('content-type') ?? '').startsWith('audio/')) previews.served += 1
          else if (res.status === 429) {
            previews.busy += 1
            await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS))
          } else {
            previews.failed += 1
            if (previews.failed === 1) console.log(`  a preview failed: ${res.status} ${body.toString().slice(0, 200)}`)
          }
        }
      }
      const reader = async () => {
        const listMs: number[] = []
        while (performance.now() < ends) {
          const t = performance.now()
          const res = await fetch(`${base}/task/list?page=1&limit=20`, { headers: { platform: 'pc', token: watcher } })
          await res.arrayBuffer()
          listMs.push(performance.now() - t)
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        return listMs
      }
      const speakers = name === 'quiet' ? [] : Array.from({ length: MERCHANTS }, (_, i) => speaker(`bench-m${i}`))
      const [listMs] = await Promise.all([reader(), ...speakers])
      return { name, listMs: listMs as number[], previews }
    }

    const phases: PreviewPhase[] = []
    for (let round = 0; round < ROUNDS; round++) for (const name of ['quiet', 'gated', 'open'] as const) phases.push(await phase(name))
    return { atOnce: shipped, phases }
  } finally {
    server.services.config.speakLimit.atOnce = shipped
    await server.close()
  }
}

/** The phases of one name together: list latency median, p99 and max, and what the previews got. */
export function previewSummary(figures: PreviewFigures, name: PreviewPhase['name']) {
  const mine = figures.phases.filter((p) => p.name === name)
  const listMs = mine.flatMap((p) => p.listMs)
  const sum = (pick: (p: PreviewPhase) => number) => mine.reduce((total, p) => total + pick(p), 0)
  return {
    reads: listMs.length,
    p50: median(listMs),
    p99: percentile(listMs, 99),
    max: Math.max(...listMs),
    served: sum((p) => p.previews.served),
    busy: sum((p) => p.previews.busy),
    failed: sum((p) => p.previews.failed),
    seconds: (mine.length * PHASE_MS) / 1000,
  }
}
