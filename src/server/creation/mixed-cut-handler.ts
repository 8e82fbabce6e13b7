import { randomInt } from 'node:crypto'
import { join } from 'node:path'
import type { Label } from '../../schema/types'
import { AppError, fieldError } from '../errors/AppError'
import { taskHandler, type TaskInput, type TaskRunContext } from '../tasks/task-handler'
import { TaskFailure } from '../errors/task-failure'
import { countCombinations, coverSeconds, pickVariants, type Slot, type Variant } from '../media/mixed-cut'
import { narrate, TAIL_SECONDS, type Narration } from '../media/narration'
import type { Cue } from '../media/srt'
import { bitrateFor, outputSize, type ClipPlan } from '../media/clip-plan'
import { usableMaterials, materialsById, mediaInfoOf, type MaterialUse } from './materials'
import { requireMediaTools } from './media-tools'
import { fetchMaterials, renderAndStore, insertWorks, type StoredVideo } from './outputs'
import { voiceOverSeconds } from './clip-handler'
import { subtitleStyle, titleOf, transitionOf, type PlanFont } from '../media/media-style'
import { checkFont, fontFor } from './font'
import { checkVoice, speakerFor } from './voice'

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
    const materials = await usableMaterials(trx, services, caller, uses, locale)
    input.slots.forEach((slot, i) => {
      if ((slot.max_seconds ?? 0) > 0 && (slot.min_seconds ?? 0) > (slot.max_seconds ?? 0)) {
        throw fieldError('VALIDATION_FAILED', `/slots/${i}/max_seconds`, locale, { first: locale === 'zh-CN' ? '最长时间不能短于最短时间' : 'The longest window cannot be shorter than the shortest' })
      }
    })
    const slots = slotsOf(input, (id) => materials.get(id)!.duration)
    const max = countCombinations(slots)
    if (input.count > max) throw new AppError('MIXED_CUT_TOO_MANY', { max }, [{ path: '/count', message: new AppError('MIXED_CUT_TOO_MANY', { max }).messageIn(locale) }])
    const longest = longestVariant(slots)
    if (input.voice_text?.trim()) await checkVoice(trx, services, caller, input.voice, '/voice', locale)
    if (input.subtitle_style?.font) await checkFont(trx, services, caller, input.subtitle_style.font, '/subtitle_style/font', locale)
    const speech = await voiceOverSeconds(input.voice_text, input)
    return {
      title: input.title,
      size: { output_seconds: Math.max(longest, speech), variants: input.count, ...outputSize({ shape: input.shape ?? '9:16', height: input.resolution ?? 720 }) },
      notices: speech > longest ? [longerThanClips(speech, longest)] : [],
    }
  },
  async run(ctx) {
    const { input } = ctx
    ctx.progress(1, FETCHING)
    const ids = [...input.slots.flatMap((s) => s.clips), ...(input.bgm_material_id ? [input.bgm_material_id] : [])]
    const materials = await materialsById(ctx.services, ids)
    if (materials.size !== new Set(ids).size) throw new TaskFailure({ 'zh-CN': '所用素材已被删除，请重新选择素材后提交', 'en-US': 'A material it uses has been deleted: choose the materials again and submit' })
    const variants = await ctx.step('plan', async () => pickVariants(slotsOf(input, (id) => materials.get(id)!.duration), input.count, { random: () => randomInt(2 ** 32) / 2 ** 32 }))
    const paths = await fetchMaterials(ctx, [...materials.values()])
    const font = await fontFor(ctx, input.subtitle_style?.font)
    let voice: Narration | undefined
    let covered = variants
    if (input.voice_text?.trim()) {
      ctx.progress(3, SPEAKING)
      const speak = await speakerFor(ctx.services, input)
      voice = await narrate(input.voice_text, (text, output) => speak(text, output, ctx.signal), ctx.workDir, { signal: ctx.signal, onProgress: (f) => ctx.progress(3 + f * 2, SPEAKING) })
      const seconds = voice.seconds + TAIL_SECONDS
      const slots = slotsOf(input, (id) => materials.get(id)!.duration)
      const overlapSeconds = (input.transition ?? 'none') === 'none' ? 0 : (input.transition_seconds ?? 0.5)
      covered = await ctx.step('cover-voice', async () => variants.map((variant) => coverSeconds(variant, slots, seconds, { random: () => randomInt(2 ** 32) / 2 ** 32, overlapSeconds })))
    }
    const outputs: { video: StoredVideo; variant: number; combination: string; clips: VariantClip[]; lines: Cue[] }[] = []
    for (const [i, variant] of covered.entries()) {
      const stage: Label = { 'zh-CN': `合成第 ${i + 1}/${variants.length} 条`, 'en-US': `Rendering ${i + 1} of ${variants.length}` }
      const lines = linesOf(variant, voice, (input.transition ?? 'none') === 'none' ? 0 : (input.transition_seconds ?? 0.5))
      const video = await ctx.step(`variant-${i}`, () =>
        renderAndStore(ctx, variantPlan(ctx, input, variant, i, { materials, paths, voice, lines, font }), {
          coverAt: 0,
          onProgress: (f) => ctx.progress(5 + ((i + f) / variants.length) * 93, stage),
        }),
      )
      outputs.push({ video, variant: i, combination: variant.hash, clips: variant.picks.map((p) => ({ material_id: p.clipId, name: materials.get(p.clipId)!.name, start: p.start, end: p.end, ...(p.hold ? { hold: p.hold } : {}) })), lines })
    }
    return {
      // Each variant says what it is made of: which part of which clip, and each line with when it shows.
      result: { outputs: outputs.map((o) => ({ ...o.video, combination: o.combination, clips: o.clips, lines: o.lines })) },
      commit: (trx) => insertWorks(trx, ctx, 'mixed_cut', outputs),
    }
  },
})

/** The longest a variant can be: each slot's longest window, back to back. It is what a variant is measured and charged by. */
function longestVariant(slots: readonly Slot[]): number {
  const longest = slots.reduce((sum, slot) => sum + Math.max(...slot.clips.map((clip) => Math.min(slot.maxSeconds ?? clip.duration, clip.duration))), 0)
  return Math.round(longest * 1000) / 1000
}

/** One piece of a variant: seconds into the material it came from, and how long its last frame is held after. */
interface VariantClip {
  material_id: number
  name: string
  start: number
  end: number
  hold?: number
}

/** A variant's lines: each slot's chosen caption over its own piece (less what a transition overlaps); with none, each sentence of the voice-over while it is said. */
function linesOf(variant: Variant, voice: Narration | undefined, overlap: number): Cue[] {
  let at = 0
  const captions = variant.picks.flatMap((pick) => {
    const length = pick.end - pick.start + (pick.hold ?? 0)
    const cue = pick.caption ? [{ start: Math.round(at * 1000) / 1000, end: Math.round((at + length - overlap) * 1000) / 1000, text: pick.caption }] : []
    at += length - overlap
    return cue
  })
  return captions.length > 0 ? captions : (voice?.cues ?? [])
}

function longerThanClips(speech: number, longest: number): Label {
  return {
    'zh-CN': `配音 ${Math.round(speech * 10) / 10} 秒，长于镜头组最长能拼出的 ${Math.round(longest * 10) / 10} 秒：各镜头组会按顺序再播放一遍，直到配音说完。`,
    'en-US': `The voice-over takes ${Math.round(speech * 10) / 10} s, longer than the ${Math.round(longest * 10) / 10} s the slots can make at most: the slots play again in order until it ends.`,
  }
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
  media: { materials: Awaited<ReturnType<typeof materialsById>>; paths: Map<number, string>; voice?: Narration; lines: Cue[]; font: PlanFont },
): ClipPlan {
  const segments = variant.picks.map((pick) => ({ path: media.paths.get(pick.clipId)!, info: mediaInfoOf(media.materials.get(pick.clipId)!), start: pick.start, end: pick.end, hold: pick.hold }))
  const plan: ClipPlan = {
    segments,
    transition: transitionOf(input.transition, input.transition_seconds, segments.length),
    shape: input.shape ?? '9:16',
    fit: input.fit ?? 'crop',
    height: input.resolution ?? 720,
    fps: input.fps ?? 25,
    bitrateKbps: input.bitrate ?? bitrateFor(input.resolution ?? 720),
    output: join(ctx.workDir, `variant-${index}.mp4`),
  }
  if ((input.subtitles ?? true) && media.lines.length > 0) plan.subtitles = { cues: media.lines, ...subtitleStyle(input.subtitle_style, media.font) }
  plan.title = titleOf(input.title_overlay, media.font.family)
  plan.fontFile = media.font.file
  if (input.bgm_material_id) plan.bgm = { path: media.paths.get(input.bgm_material_id)!, volume: input.bgm_volume ?? 0.5, fadeInSeconds: input.bgm_fade ?? 1, fadeOutSeconds: input.bgm_fade ?? 1 }
  if (media.voice) plan.voiceOver = { path: media.voice.path, volume: 1 }
  return plan
}
