import { randomInt } from 'node:crypto'
import { join } from 'node:path'
import type { Label, Locale } from '../../schema/types'
import type { Caller } from '../access/caller'
import { asSchemaDb, type Db } from '../db/connect'
import { usableBy } from '../access/scope'
import { AppError, fieldError } from '../errors/AppError'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import { taskHandler, type TaskInput, type TaskRunContext } from '../tasks/task-handler'
import { TaskFailure } from '../errors/task-failure'
import { countCombinations, pickVariants, type Slot } from '../media/mixed-cut'
import { narrate, narrationSeconds, TAIL_SECONDS, type Narration } from '../media/narration'
import { bitrateFor, outputSize, type ClipPlan, type ClipSegment } from '../media/clip-plan'
import type { Cue } from '../media/srt'
import { chatProvider, stockProvider } from '../providers/active'
import { logAiCall } from '../ai/call-log'
import { scriptIn, topicScriptMessages, type ScriptSentence } from '../ai/topic-script'
import { insertPlan } from '../matrix/plan-handlers'
import { keepFetchedMaterial } from '../materials/keep-fetched'
import { materialsById, mediaInfoOf, usableMaterials } from './materials'
import { matchSentences, searchTerms, tagsOf, type LibraryItem } from './matching'
import { requireMediaTools } from './media-tools'
import { fetchMaterials, insertWorks, renderAndStore, type StoredVideo } from './outputs'
import { subtitleStyle, titleOf, transitionOf, type PlanFont } from '../media/media-style'
import { checkFont, fontFor } from './font'
import { checkVoice, measureIn, speakerFor } from './voice'

export type TopicInput = TaskInput<'topic_video'>

const STAGE = {
  script: { 'zh-CN': '撰写文案', 'en-US': 'Writing the script' },
  matching: { 'zh-CN': '为每句匹配素材', 'en-US': 'Matching clips to each sentence' },
  voice: { 'zh-CN': '合成配音', 'en-US': 'Reading the script' },
  publish: { 'zh-CN': '加入发布计划', 'en-US': 'Adding to a release plan' },
} satisfies Record<string, Label>
const GONE: Label = { 'zh-CN': '所选声音或素材已被删除，请重新选择后提交', 'en-US': 'The voice or a material it uses has been deleted: choose again and submit' }
/** A writer may write a little more than asked: what a topic's video is measured, charged and capped by. */
const WRITER_SLACK = 1.25

/**
 * A video from a topic, in one step: the script (written by the AI writer, or given), a clip
 * matched to each sentence from the library, each sentence read by the chosen voice, each
 * clip covering its sentence's speech with the subtitle shown while it is said and the music
 * ducked under the voice; N variants, no two with the same clips; then works, and a release
 * plan when accounts were chosen. Each stage is a recorded step, so a retry repeats nothing
 * already done (the writer is never asked twice).
 */
export const topicVideoTask = taskHandler(['topic_video'], {
  async prepare({ services, caller, input, locale, trx }) {
    await requireMediaTools(locale, { speech: true })
    if (input.source === 'topic') {
      if (!input.topic?.trim()) throw fieldError('VALIDATION_FAILED', '/topic', locale, { first: locale === 'zh-CN' ? '请填写主题或关键词' : 'Give a topic or a few keywords' })
      const writer = await chatProvider(services, trx)
      if ('notConfigured' in writer) throw fieldError('VALIDATION_FAILED', '/source', locale, { first: writerOff[locale] })
    } else if (!input.script?.trim()) {
      throw fieldError('VALIDATION_FAILED', '/script', locale, { first: locale === 'zh-CN' ? '请填写文案，或从文案库选择' : 'Write the script, or take one from the library' })
    }
    await checkVoice(trx, services, caller, input.voice, '/voice', locale)
    if (input.subtitle_style?.font) await checkFont(trx, services, caller, input.subtitle_style.font, '/subtitle_style/font', locale)
    if (input.bgm_material_id) await usableMaterials(trx, services, caller, [{ id: input.bgm_material_id, path: '/bgm_material_id', kinds: ['audio', 'video'] }], locale)
    await ownAccounts(trx, services, caller, input.account_ids ?? [], locale)
    const library = await libraryOf(trx, services, caller.id)
    if (library.length === 0) throw fieldError('VALIDATION_FAILED', '/source', locale, { first: emptyLibrary[locale] })
    // A script given is measured as the local voice says it; a topic's by the length asked for, and the writer kept to it.
    const speech = input.source === 'script' ? await narrationSeconds(input.script!, measureIn(input)) : (input.seconds ?? 30) * WRITER_SLACK
    const seconds = Math.round((speech + TAIL_SECONDS) * 1000) / 1000
    return { title: input.title, size: { output_seconds: seconds, variants: input.count ?? 3, ...outputSize({ shape: input.shape ?? '9:16', height: input.resolution ?? 720 }) } }
  },
  async run(ctx) {
    const { input, services } = ctx
    const random = () => randomInt(2 ** 32) / 2 ** 32
    const count = input.count ?? 3

    ctx.progress(1, STAGE.script)
    const sentences = await ctx.step('script', () => scriptOf(ctx))

    ctx.progress(10, STAGE.voice)
    const speak = await speakerFor(services, input)
    const narration = await narrate(
      sentences.map((s) => s.text).join('\n'),
      (text, output) => speak(text, output, ctx.signal),
      ctx.workDir,
      { signal: ctx.signal, onProgress: (f) => ctx.progress(10 + f * 15, STAGE.voice) },
    )
    // Never cut mid-sentence: sentences past what was measured and charged are left out whole, and said.
    const allowed = (ctx.size?.output_seconds ?? Infinity) - TAIL_SECONDS
    const cues = narration.cues.filter((cue) => cue.end <= allowed + 0.005)
    if (cues.length === 0) throw new TaskFailure({ 'zh-CN': '第一句话就长于允许的时长，请缩短文案', 'en-US': 'The first sentence alone is longer than allowed: shorten the script' })
    const seconds = cues.at(-1)!.end + TAIL_SECONDS
    const lengths = cues.map((cue, i) => Math.round(((cues[i + 1]?.start ?? seconds) - cue.start) * 1000) / 1000)

    ctx.progress(26, STAGE.matching)
    const wanted = cues.map((cue, i) => ({ text: cue.text, terms: termsOf(cue.text, sentences, languageOf(cue.text)), seconds: lengths[i]! }))
    // Sentences the library has nothing for are searched at the stock vendor first; what it finds joins the library.
    const stock = input.use_stock === false ? { kept: [] } : await ctx.step('stock', () => fillFromStock(ctx, wanted, random))
    const plan = await ctx.step('match', async () => {
      const library = await libraryOf(services.db, services, ctx.task.ownerId)
      const matches = matchSentences(wanted, library, { random })
      const durations = new Map(library.map((item) => [item.id, item.kind === 'image' ? Infinity : item.duration]))
      const slots: Slot[] = matches.map((m) => ({ clips: m.ids.map((id) => ({ id, duration: durations.get(id)! })) }))
      const possible = countCombinations(slots)
      if (possible < count) throw new TaskFailure(tooFewCombinations(possible, count))
      const variants = pickVariants(slots, count, { random })
      return {
        unmatched: matches.flatMap((m, i) => (m.matched ? [] : [i])),
        variants: variants.map((v) => ({ hash: v.hash, clips: v.picks.map((pick, s) => windowFor(pick.clipId, durations.get(pick.clipId)!, lengths[s]!, random)) })),
      }
    })

    const ids = [...new Set(plan.variants.flatMap((v) => v.clips.map((c) => c.material_id))), ...(input.bgm_material_id ? [input.bgm_material_id] : [])]
    const materials = await materialsById(services, ids)
    if (materials.size !== ids.length) throw new TaskFailure(GONE)
    const paths = await fetchMaterials(ctx, [...materials.values()])
    const font = await fontFor(ctx, input.subtitle_style?.font)
    const outputs: { video: StoredVideo; variant: number; combination: string; clips: (VariantClip & { name: string })[] }[] = []
    for (const [i, variant] of plan.variants.entries()) {
      const stage: Label = { 'zh-CN': `合成第 ${i + 1}/${count} 条`, 'en-US': `Rendering ${i + 1} of ${count}` }
      const video = await ctx.step(`variant-${i}`, () =>
        renderAndStore(ctx, topicVariantPlan(input, variant.clips, { materials, paths, narration, cues, font }, join(ctx.workDir, `topic-${i}.mp4`)), {
          coverAt: 0.5,
          onProgress: (f) => ctx.progress(30 + ((i + f) / count) * 66, stage),
        }),
      )
      outputs.push({ video, variant: i, combination: variant.hash, clips: variant.clips.map((c) => ({ ...c, name: materials.get(c.material_id)!.name })) })
    }

    if ((input.account_ids ?? []).length > 0) ctx.progress(98, STAGE.publish)
    const lines = cues.map((cue) => ({ start: cue.start, end: cue.end, text: cue.text }))
    const unmatched = plan.unmatched.map((i) => cues[i]!.text)
    const left = narration.cues.length - cues.length
    return {
      result: {
        script: sentences.map((s) => s.text).join(''),
        outputs: outputs.map((o) => ({ ...o.video, combination: o.combination, clips: o.clips, lines })),
        // Said, never hidden: sentences no clip's words matched (a clip of the library was used), and sentences left out for length.
        unmatched,
        ...(left > 0 ? { left_out: narration.cues.slice(cues.length).map((c) => c.text) } : {}),
        // What the stock vendor gave, kept in the library with where it came from; or why it could not.
        stock: stock.kept,
        ...('problem' in stock && stock.problem ? { stock_problem: stock.problem } : {}),
      },
      commit: async (trx) => {
        const works = await insertWorks(trx, ctx, 'topic_video', outputs)
        const accounts = input.account_ids ?? []
        if (accounts.length === 0) return
        const rows = await trx.selectFrom(tableOf(services, 'platform_account')).select(['id', 'platform', 'status']).where('id', 'in', accounts).where('owner_id', '=', ctx.task.ownerId).execute()
        const ready = rows.filter((row) => row.status !== 'reauthorize')
        if (ready.length === 0) return
        const startAt = input.publish_at && new Date(input.publish_at) > services.now() ? new Date(input.publish_at) : new Date(services.now().getTime() + 60_000)
        await insertPlan(trx, services, {
          ownerId: ctx.task.ownerId,
          name: ctx.task.title.slice(0, 60),
          times: { startAt, slotsPerDay: 3, intervalMinutes: 60, jitterMinutes: 10, dailyCap: 3 },
          works,
          accounts: ready,
          titles: [],
          topics: [],
          poiId: '',
        })
      },
    }
  },
})

/** One piece of a variant: seconds into the material, and how long its last frame is held after. */
export interface VariantClip {
  material_id: number
  start: number
  end: number
  hold?: number
}

const writerOff: Record<Locale, string> = {
  'zh-CN': '尚未配置 AI 写作服务，无法按主题撰写：请改为“自己的文案或文案库”，或请管理员配置 AI 服务',
  'en-US': 'No AI writer is set up, so nothing can write from a topic: choose "My own text or the script library", or ask an administrator to set one up',
}
const emptyLibrary: Record<Locale, string> = {
  'zh-CN': '素材库里还没有视频或图片，无法匹配镜头：请先上传素材',
  'en-US': 'The library holds no videos or pictures to match: upload some materials first',
}

function tooFewCombinations(possible: number, count: number): Label {
  return {
    'zh-CN': `素材只够拼出 ${possible} 条不同的视频，少于要求的 ${count} 条：请上传更多素材或减少数量`,
    'en-US': `The materials make only ${possible} different videos, fewer than the ${count} asked for: upload more materials or ask for fewer`,
  }
}

/** The script: the writer's, asked once and logged as every AI call is; or the text given, cut into its sentences. */
async function scriptOf(ctx: TaskRunContext<TopicInput>): Promise<ScriptSentence[]> {
  const { input, services } = ctx
  if (input.source !== 'topic') return [{ text: input.script!.trim(), terms: [] }]
  const writer = await chatProvider(services)
  if ('notConfigured' in writer) throw new TaskFailure(writer.notConfigured)
  const call = { ownerId: ctx.task.ownerId, purpose: 'topic_script' as const, assistantId: null, model: writer.provider.model, startedAt: Date.now() }
  try {
    const answer = await writer.provider.chat({ messages: topicScriptMessages(input.topic!.trim(), input.language ?? 'zh-CN', input.seconds ?? 30), temperature: 0.8, signal: ctx.signal })
    await logAiCall(services, { ...call, model: answer.model, usage: answer.usage, status: 'succeeded' })
    const sentences = scriptIn(answer.text)
    if (sentences.length === 0) throw new TaskFailure({ 'zh-CN': 'AI 写作服务没有写出文案，请重试或换一个主题', 'en-US': 'The AI writer wrote no script: try again or give another topic' })
    return sentences
  } catch (error) {
    if (!(error instanceof TaskFailure)) await logAiCall(services, { ...call, usage: null, status: ctx.signal.aborted ? 'stopped' : 'failed' }).catch(() => undefined)
    throw error
  }
}

/** At most this many clips a sentence are downloaded from a stock vendor. */
const STOCK_PER_SENTENCE = 2

/**
 * For each sentence no clip of the library matches, a search at the stock vendor (when one is
 * set up) by its words, in the shape wanted and at least as long as the sentence; the first
 * clips found are downloaded and kept as the owner's materials, tagged with the sentence's
 * words and the vendor's, with their source page and licence. A vendor that fails or refuses
 * leaves the library as it was, and the result says why.
 */
async function fillFromStock(ctx: TaskRunContext<TopicInput>, wanted: { text: string; terms: string[]; seconds: number }[], random: () => number): Promise<{ kept: { material_id: number; source_url: string; licence: string }[]; problem?: Label }> {
  const { services, input } = ctx
  const active = await stockProvider(services)
  if ('notConfigured' in active) return { kept: [] }
  const library = await libraryOf(services.db, services, ctx.task.ownerId)
  const matches = matchSentences(wanted, library, { random })
  const kept: { material_id: number; source_url: string; licence: string }[] = []
  const orientation = ({ '9:16': 'portrait', '16:9': 'landscape', '1:1': 'square' } as const)[input.shape ?? '9:16']
  try {
    for (const [i, match] of matches.entries()) {
      if (match.matched || wanted[i]!.terms.length === 0) continue
      const clips = await active.provider.search({ terms: wanted[i]!.terms.slice(0, 4), orientation, minSeconds: wanted[i]!.seconds, limit: 5, language: languageOf(wanted[i]!.text).slice(0, 2), signal: ctx.signal })
      for (const clip of clips.slice(0, STOCK_PER_SENTENCE)) {
        const id = await keepFetchedMaterial(services, {
          ownerId: ctx.task.ownerId, url: clip.url, vendor: active.provider.name, name: `${active.provider.name} ${clip.id}`,
          tags: [...wanted[i]!.terms, ...clip.tags], sourceUrl: clip.pageUrl, licence: clip.licence, workDir: ctx.workDir,
          timeoutMs: services.config.vendorTiming?.timeoutMs ?? 60_000, signal: ctx.signal,
        })
        kept.push({ material_id: id, source_url: clip.pageUrl, licence: clip.licence })
      }
    }
    return { kept }
  } catch (error) {
    if (!(error instanceof TaskFailure) || ctx.signal.aborted) throw error
    return { kept, problem: error.reason }
  }
}

/** The language a sentence is written in, as far as searching it goes: Chinese when it holds Chinese characters. */
function languageOf(text: string): 'zh-CN' | 'en-US' {
  return /\p{Script=Han}/u.test(text) ? 'zh-CN' : 'en-US'
}

/** The words a spoken piece is matched by: those the writer gave its sentence, and its own. */
function termsOf(piece: string, sentences: readonly ScriptSentence[], language: 'zh-CN' | 'en-US'): string[] {
  const given = sentences.find((s) => s.text.includes(piece) || piece.includes(s.text))?.terms ?? []
  return [...new Set([...given.map((t) => t.toLowerCase()), ...searchTerms(piece, language)])]
}

/** The part of a clip a sentence shows: a random stretch as long as the sentence, or all of a shorter clip with its last frame held. */
function windowFor(id: number, duration: number, seconds: number, random: () => number): VariantClip {
  const round = (n: number) => Math.round(n * 1000) / 1000
  if (!Number.isFinite(duration)) return { material_id: id, start: 0, end: round(seconds) }
  if (duration < seconds) return { material_id: id, start: 0, end: round(duration), hold: round(seconds - duration) }
  const start = random() * (duration - seconds)
  return { material_id: id, start: round(start), end: round(start + seconds) }
}

/** One variant's render: each sentence's clip, the narration, its subtitles and the music, as the form asked. */
export function topicVariantPlan(
  input: TopicInput,
  clips: readonly VariantClip[],
  media: { materials: Awaited<ReturnType<typeof materialsById>>; paths: Map<number, string>; narration: Narration; cues: Cue[]; font?: PlanFont },
  output: string,
): ClipPlan {
  const kind = input.transition ?? 'none'
  const overlap = kind === 'none' ? 0 : (input.transition_seconds ?? 0.5)
  // Each piece but the last runs on by the transition's length, so the joins overlap into the next sentence and every sentence keeps its time.
  const segments: ClipSegment[] = clips.map((clip, i) => {
    const extra = i < clips.length - 1 ? overlap : 0
    const material = media.materials.get(clip.material_id)!
    const info = mediaInfoOf(material)
    if (info.kind === 'image') return { path: media.paths.get(clip.material_id)!, info, start: 0, end: Math.round((clip.end + extra) * 1000) / 1000 }
    const room = Math.max(0, info.duration - clip.end)
    const more = Math.min(room, extra)
    return { path: media.paths.get(clip.material_id)!, info, start: clip.start, end: Math.round((clip.end + more) * 1000) / 1000, hold: Math.round(((clip.hold ?? 0) + extra - more) * 1000) / 1000 || undefined }
  })
  return {
    segments,
    transition: transitionOf(kind, overlap, segments.length),
    title: titleOf(input.title_overlay, media.font?.family ?? input.subtitle_style?.font),
    shape: input.shape ?? '9:16',
    fit: 'crop',
    height: input.resolution ?? 720,
    fps: 25,
    bitrateKbps: bitrateFor(input.resolution ?? 720),
    ...(input.subtitles === false ? {} : { subtitles: { cues: media.cues, ...subtitleStyle(input.subtitle_style, media.font) } }),
    ...(media.font?.file ? { fontFile: media.font.file } : {}),
    voiceOver: { path: media.narration.path, volume: 1 },
    ...(input.bgm_material_id ? { bgm: { path: media.paths.get(input.bgm_material_id)!, volume: input.bgm_volume ?? 0.3, fadeInSeconds: 1, fadeOutSeconds: 1, duck: true } } : {}),
    output,
  }
}

/**
 * Every video and picture the owner may use, with what it can be found by: its own library and
 * what the platform and its partner share (x-shared), each under its own folder's name.
 */
export async function libraryOf(db: Db, services: Services, ownerId: number): Promise<LibraryItem[]> {
  const owner = await db.selectFrom(tableOf(services, 'user')).select(['id', 'path']).where('id', '=', ownerId).executeTakeFirstOrThrow()
  const material = services.registry.entities.get('material')!
  const rows = (await asSchemaDb(db).selectFrom(material.table).where(usableBy(services.registry, material, { id: ownerId, path: owner.path })).select(['id', 'kind', 'duration', 'name', 'tags', 'folder_id']).where('kind', 'in', ['video', 'image']).execute()) as Record<string, unknown>[]
  const folderIds = [...new Set(rows.map((row) => Number(row.folder_id)).filter((id) => id > 0))]
  const folders = new Map(folderIds.length === 0 ? [] : (await db.selectFrom(tableOf(services, 'material_folder')).select(['id', 'name']).where('id', 'in', folderIds).execute()).map((f) => [f.id, f.name]))
  return rows.map((row) => ({ id: Number(row.id), kind: row.kind as LibraryItem['kind'], duration: Number(row.duration), name: String(row.name), tags: tagsOf(String(row.tags ?? '')), folder: folders.get(Number(row.folder_id)) ?? '' }))
}

/** The caller's own accounts, each still authorized; anything else is a field error naming it. */
async function ownAccounts(trx: Db, services: Services, caller: Caller, ids: readonly number[], locale: Locale): Promise<void> {
  if (ids.length === 0) return
  const rows = await trx.selectFrom(tableOf(services, 'platform_account')).select(['id', 'nickname', 'status']).where('id', 'in', [...ids]).where('owner_id', '=', caller.id).execute()
  const found = new Map(rows.map((row) => [row.id, row]))
  const label = services.registry.entities.get('platform_account')!.label?.[locale] ?? 'Account'
  for (const [i, id] of ids.entries()) {
    const row = found.get(id)
    if (!row) throw fieldError('RELATION_NOT_FOUND', `/account_ids/${i}`, locale, { field: label, entity: label, id })
    if (row.status === 'reauthorize') throw new AppError('PLAN_ACCOUNT_NOT_READY', { name: row.nickname }, [{ path: `/account_ids/${i}`, message: new AppError('PLAN_ACCOUNT_NOT_READY', { name: row.nickname }).messageIn(locale) }])
  }
}
