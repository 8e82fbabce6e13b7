/**
 * A video from a topic, in one step (part of `npm run bench -- media`). Part one: the real
 * task, submitted to an in-process server with one worker, makes 5 variants at 720p of a
 * 60-word English script read by the local voice, from a library of 12 tagged clips; timed from
 * submit to succeeded. The same five renders are then run as bare ffmpeg (the plans rebuilt
 * from what the task reported: its clips and lines, the narration said again), so the flow's
 * own cost (narration, matching, the database, probing, covers, storing) shows as a ratio. Two
 * rounds of both, alternated. Part two: matching a
 * 12-sentence script against a library of 10,000 materials, read from the database as the
 * task reads it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { clipArgs, clipDuration, clipWorkFiles, subtitleFileText } from '../../src/server/media/clip-plan'
import { fontMetrics } from '../../src/server/media/font-metrics'
import { narrate } from '../../src/server/media/narration'
import { makeTestVideo } from '../../src/server/media/test-media'
import { localSpeech } from '../../src/server/providers/speech/local'
import { changeMoney } from '../../src/server/ledger/ledger'
import { taskHandlers } from '../../src/server/task-handlers'
import { libraryOf, topicVariantPlan, type TopicInput, type VariantClip } from '../../src/server/creation/topic-video-handler'
import { materialsById } from '../../src/server/creation/materials'
import { matchSentences, searchTerms } from '../../src/server/creation/matching'
import { startTestServer } from '../api/harness'
import { waitForTask } from '../support/tasks'
import type { Cleanup } from './cleanup'
import { bareFfmpeg } from './media'
import { startWorkers } from '../../src/server/tasks/engine'

/** Sixty words, in sentences that name what the library's tags hold. */
const SCRIPT = [
  'The sunrise over the quiet beach paints the sky in gold.',
  'Fresh coffee brews in a small kitchen as the city wakes.',
  'Busy streets fill with people walking to work.',
  'In the park, children run after a bright red kite.',
  'The harbour boats rock gently on the blue water.',
  'Come and see our new spring collection right here this weekend.',
].join(' ')
const TAGS = ['sunrise,beach', 'coffee,kitchen', 'city,street', 'park,kite', 'harbour,boat', 'collection,shop']
const VARIANTS = 5
const ROUNDS = 2
const LIBRARY = 10_000

export interface TopicFigures {
  words: number
  variants: number
  outputSeconds: number
  /** Submit to succeeded, through the task. */
  taskMs: number
  /** The five renders as bare ffmpeg. */
  bareMs: number
  /** Reading 10,000 materials and matching 12 sentences to them, per run. */
  matchMs: number[]
}

export async function benchTopicVideo(opts: { cleanup?: Cleanup } = {}): Promise<TopicFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'topic-bench-'))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  opts.cleanup?.add(remove)
  const server = await startTestServer()
  opts.cleanup?.add(() => server.close())
  try {
    const { id, token } = await server.accounts([['bench-p', 'partner'], ['bench-m', 'merchant', 'bench-p']])
    await server.services.db.transaction().execute((trx) => changeMoney(trx, server.services, { userId: id['bench-m']!, type: 'adjust', amount: 100_000, operatorId: null }))
    // Two clips a tag set, 8 s of 1280x720, so every sentence has a choice and the variants differ.
    for (const [i, tags] of TAGS.flatMap((t) => [t, t]).entries()) {
      const file = join(dir, `clip-${i}.mp4`)
      await makeTestVideo(file, { seconds: 8, width: 1280, height: 720, frequency: 200 + i * 30, preset: 'veryfast' })
      const up = await server.upload<{ id: number }>('/material/upload', { file: [`clip-${i}.mp4`, readFileSync(file)] }, { token: token['bench-m'] })
      await server.call('POST', '/material/edit', { token: token['bench-m'], body: { id: up.body.data.id, tags } })
    }
    await startWorkers(server.services, taskHandlers, 1)

    const input = { title: 'Bench', source: 'script', script: SCRIPT, voice: 'en', count: VARIANTS, resolution: 720, shape: '9:16' } as const
    // The narration said again for the bare renders (espeak-ng says it alike), and the fonts' widths, once.
    const narration = await narrate(SCRIPT, async (text, output) => void (await localSpeech.speak({ text, voice: 'en', output })), dir)
    const measure = (await fontMetrics('Noto Sans CJK SC'))?.measure
    let taskMs = 0
    let bareMs = 0
    let outputSeconds = 0
    // Two rounds, each the task then its renders bare, so a machine that slows down weighs on both alike.
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now()
      const submitted = await server.call<{ id: number }>('POST', '/task/submit_topic_video', { token: token['bench-m'], body: input })
      const done = await waitForTask(server, token['bench-m']!, submitted.body.data.id, 'succeeded', () => true, 600_000)
      taskMs += performance.now() - started
      const outputs = (done.result as { outputs: { duration: number; clips: VariantClip[] }[] }).outputs
      const materials = await materialsById(server.services, [...new Set(outputs.flatMap((o) => o.clips.map((c) => c.material_id)))])
      const paths = new Map<number, string>()
      for (const m of materials.values()) paths.set(m.id, await server.services.files.localCopy(m.storage_key, dir))
      for (const [i, output] of outputs.entries()) {
        const work = join(dir, `bare-${round}-${i}`)
        mkdirSync(work)
        const plan = topicVariantPlan(input as unknown as TopicInput, output.clips, { materials, paths, narration, cues: narration.cues }, join(work, 'out.mp4'))
        outputSeconds += clipDuration(plan)
        const begun = performance.now()
        writeFileSync(clipWorkFiles(work).subtitles, subtitleFileText(plan, measure))
        await bareFfmpeg(clipArgs(plan, work))
        bareMs += performance.now() - begun
      }
    }

    // Part two: a library of 10,000, as the task reads and matches it.
    const now = new Date().toISOString()
    const rows = Array.from({ length: LIBRARY }, (_, i) => ({
      name: `stock-${i}.mp4`, kind: 'video', url: '', thumb_url: '', preview_url: '', format: 'mp4', duration: 5 + (i % 20), width: 1280, height: 720, fps: 25,
      video_codec: 'h264', audio_codec: 'aac', size: 1000, storage_key: `bench/${i}.mp4`, tags: `${['sunrise', 'coffee', 'city', 'park', 'harbour', 'shop', 'forest', 'rain'][i % 8]},word${i % 997}`,
      folder_id: null, owner_id: id['bench-m']!, created_at: now, updated_at: now,
    }))
    for (let i = 0; i < rows.length; i += 500) await server.services.db.insertInto('material').values(rows.slice(i, i + 500) as never).execute()
    const sentences = (SCRIPT + ' ' + SCRIPT).split(/(?<=\.)\s+/).map((text) => ({ text, terms: searchTerms(text, 'en-US'), seconds: 3 }))
    const matchMs: number[] = []
    for (let run = 0; run < 5; run++) {
      const begun = performance.now()
      const library = await libraryOf(server.services.db, server.services, id['bench-m']!)
      matchSentences(sentences, library, { random: Math.random })
      matchMs.push(performance.now() - begun)
    }
    return { words: SCRIPT.split(/\s+/).length, variants: VARIANTS * ROUNDS, outputSeconds, taskMs, bareMs, matchMs }
  } finally {
    await server.close()
    remove()
  }
}
