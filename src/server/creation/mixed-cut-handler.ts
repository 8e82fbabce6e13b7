import { randomInt } from 'node:crypto'
import { join } from 'node:path'
import type { Label } from '../../schema/types'
import { AppError, fieldError } from '../errors/AppError'
import { taskHandler, TaskFailure, type TaskInput, type TaskRunContext } from '../tasks/task-handler'
import { countCombinations, pickVariants, type Slot, type Variant } from '../media/mixed-cut'
import { cuesForText } from '../media/srt'
import { outputSize, type ClipPlan } from '../media/clip-plan'
import { localSpeech } from '../providers/speech/local'
import { ownMaterials, materialsById, mediaInfoOf, type MaterialUse } from './materials'
import { requireMediaTools } from './media-tools'
import { fetchMaterials, renderAndStore, insertWorks, type StoredVideo } from './outputs'
import { subtitleStyle } from './clip-handler'

type MixedCutInput = TaskInput<'mixed_cut'>

const FETCHING: Label = { 'zh-CN': '读取素材', 'en-US': 'Reading materials' }
const SPEAKING: Label = { 'zh-CN': '合成配音', 'en-US': 'Reading the voice-over' }

/**
 * Mixed cut: a batch of variants, each one clip per scene slot, no two the same combination.
 * The combinations are drawn once and recorded, so a retry renders the same ones; each
 * variant is a recorded step, so a retry after a crash renders only what was missing.
 */
export const mixedCutTask = taskHandler(['mixed_cut'], {
  async prepare({ services, caller, input, locale, trx }) {
    await requireMediaTools(locale, { speech: Boolean(input.voice_text) })
    const uses: MaterialUse[] = input.slots.flatMap((slot, i) => slot.clips.map((id, j) => ({ id, path: `/slots/${i}/clips/${j}`, kinds: ['video'] as const })))
    if (input.bgm_material_id) uses.push({ id: input.bgm_material_id, path: '/bgm_material_id', kinds: ['audio', 'video'] })
    const materials = await ownMaterials(trx, services, caller, uses, locale)
    input.slots.forEach((slot, i) => {
      if ((slot.max_seconds ?? 0) > 0 && (slot.min_seconds ?? 0) > (slot.max_seconds ?? 0)) {
        throw fieldError('VALIDATION_FAILED', `/slots/${i}/max_seconds`, locale, { first: locale === 'zh-CN' ? '最长时间不能短于最短时间' : 'The longest window cannot be shorter than the shortest' })
      }
    })
    const max = countCombinations(slotsOf(input, (id) => materials.get(id)!.duration))
    if (input.count > max) throw new AppError('MIXED_CUT_TOO_MANY', { max }, [{ path: '/count', message: new AppError('MIXED_CUT_TOO_MANY', { max }).messageIn(locale) }])
    return { title: input.title, size: { output_seconds: longestVariant(slotsOf(input, (id) => materials.get(id)!.duration)), variants: input.count, ...outputSize({ shape: input.shape ?? '9:16', height: input.resolution ?? 720 }) } }
  },
  async run(ctx) {
    const { input } = ctx
    ctx.progress(1, FETCHING)
    const ids = [...input.slots.flatMap((s) => s.clips), ...(input.bgm_material_id ? [input.bgm_material_id] : [])]
    const materials = await materialsById(ctx.services, ids)
    if (materials.size !== new Set(ids).size) throw new TaskFailure({ 'zh-CN': '所用素材已被删除，请重新选择素材后提交', 'en-US': 'A material it uses has been deleted: choose the materials again and submit' })
    const variants = await ctx.step('plan', async () => pickVariants(slotsOf(input, (id) => materials.get(id)!.duration), input.count, { random: () => randomInt(2 ** 32) / 2 ** 32 }))
    const paths = await fetchMaterials(ctx, [...materials.values()])
    let voice: string | undefined
    if (input.voice_text) {
      ctx.progress(3, SPEAKING)
      voice = join(ctx.workDir, 'voice.wav')
      await localSpeech.speak({ text: input.voice_text, voice: input.voice ?? 'cmn', output: voice, signal: ctx.signal })
    }
    const outputs: { video: StoredVideo; variant: number; combination: string }[] = []
    for (const [i, variant] of variants.entries()) {
      const stage: Label = { 'zh-CN': `合成第 ${i + 1}/${variants.length} 条`, 'en-US': `Rendering ${i + 1} of ${variants.length}` }
      const video = await ctx.step(`variant-${i}`, () =>
        renderAndStore(ctx, variantPlan(ctx, input, variant, i, { materials, paths, voice }), {
          coverAt: 0,
          onProgress: (f) => ctx.progress(5 + ((i + f) / variants.length) * 93, stage),
        }),
      )
      outputs.push({ video, variant: i, combination: variant.hash })
    }
    return {
      result: { outputs: outputs.map((o) => ({ ...o.video, combination: o.combination })) },
      commit: (trx) => insertWorks(trx, ctx, 'mixed_cut', outputs),
    }
  },
})

/** The longest a variant can be: each slot's longest window, back to back. It is what a variant is measured and charged by. */
function longestVariant(slots: readonly Slot[]): number {
  const longest = slots.reduce((sum, slot) => sum + Math.max(...slot.clips.map((clip) => Math.min(slot.maxSeconds ?? clip.duration, clip.duration))), 0)
  return Math.round(longest * 1000) / 1000
}

function slotsOf(input: MixedCutInput, duration: (id: number) => number): Slot[] {
  return input.slots.map((slot) => ({
    clips: slot.clips.map((id) => ({ id, duration: duration(id) })),
    captions: slot.captions ?? [],
    ...((slot.max_seconds ?? 0) > 0 ? { minSeconds: slot.min_seconds ?? 0, maxSeconds: slot.max_seconds } : {}),
  }))
}

function variantPlan(
  ctx: TaskRunContext<MixedCutInput>,
  input: MixedCutInput,
  variant: Variant,
  index: number,
  media: { materials: Awaited<ReturnType<typeof materialsById>>; paths: Map<number, string>; voice?: string },
): ClipPlan {
  const segments = variant.picks.map((pick) => ({ path: media.paths.get(pick.clipId)!, info: mediaInfoOf(media.materials.get(pick.clipId)!), start: pick.start, end: pick.end }))
  const plan: ClipPlan = {
    segments,
    shape: input.shape ?? '9:16',
    fit: input.fit ?? 'crop',
    height: input.resolution ?? 720,
    fps: input.fps ?? 25,
    bitrateKbps: input.bitrate ?? 1200,
    output: join(ctx.workDir, `variant-${index}.mp4`),
  }
  if (input.subtitles ?? true) {
    // Each slot's chosen caption over its own segment; with no captions, the voice-over text over the whole video.
    let at = 0
    const cues = variant.picks.flatMap((pick) => {
      const length = pick.end - pick.start
      const cue = pick.caption ? [{ start: at, end: at + length, text: pick.caption }] : []
      at += length
      return cue
    })
    const all = cues.length > 0 ? cues : input.voice_text ? cuesForText(input.voice_text, at) : []
    if (all.length > 0) plan.subtitles = { cues: all, ...subtitleStyle(input.subtitle_style) }
  }
  if (input.bgm_material_id) plan.bgm = { path: media.paths.get(input.bgm_material_id)!, volume: input.bgm_volume ?? 0.5, fadeInSeconds: input.bgm_fade ?? 1, fadeOutSeconds: input.bgm_fade ?? 1 }
  if (media.voice) plan.voiceOver = { path: media.voice, volume: 1 }
  return plan
}
