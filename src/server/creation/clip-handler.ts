import { join } from 'node:path'
import type { Label } from '../../schema/types'
import { fieldError } from '../errors/AppError'
import { taskHandler, type TaskInput, type TaskRunContext } from '../tasks/task-handler'
import { TaskFailure } from '../errors/task-failure'
import { parseSrt, cuesForText, type Cue } from '../media/srt'
import { bitrateFor, clipDuration, outputSize, segmentsCovering, type ClipPlan } from '../media/clip-plan'
import { narrate, narrationSeconds, TAIL_SECONDS } from '../media/narration'
import { usableMaterials, materialsById, mediaInfoOf, type MaterialUse } from './materials'
import { requireMediaTools } from './media-tools'
import { subtitleStyle, titleOf, transitionOf } from '../media/media-style'
import { fetchMaterials, renderAndStore, insertWorks, type StoredVideo } from './outputs'
import { checkVoice, measureIn, speakerFor, type VoiceChoice } from './voice'
import { checkFont, fontFor } from './font'

type ClipInput = TaskInput<'clip'>

const FETCHING: Label = { 'zh-CN': '读取素材', 'en-US': 'Reading materials' }
const RENDERING: Label = { 'zh-CN': '剪辑合成中', 'en-US': 'Rendering' }
const SPEAKING: Label = { 'zh-CN': '合成配音', 'en-US': 'Reading the voice-over' }

/** Smart clip: one video from trimmed segments of materials, made by ffmpeg on this platform's workers. */
export const clipTask = taskHandler(['clip'], {
  async prepare({ services, caller, input, locale, trx }) {
    await requireMediaTools(locale, { speech: Boolean(input.voice_text?.trim()) })
    const uses: MaterialUse[] = input.segments.map((s, i) => ({ id: s.material_id, path: `/segments/${i}/material_id`, kinds: ['video', 'image'] }))
    if (input.bgm_material_id) uses.push({ id: input.bgm_material_id, path: '/bgm_material_id', kinds: ['audio', 'video'] })
    const materials = await usableMaterials(trx, services, caller, uses, locale)
    input.segments.forEach((s, i) => {
      const length = materials.get(s.material_id)!.duration
      const end = s.end || length
      if (end <= (s.start ?? 0) || (length > 0 && end > length + 0.05)) throw fieldError('VALIDATION_FAILED', `/segments/${i}/end`, locale, { first: segmentMessage(locale, length) })
    })
    if (input.subtitle_srt) {
      try {
        parseSrt(input.subtitle_srt)
      } catch (error) {
        throw fieldError('SUBTITLE_SRT_INVALID', '/subtitle_srt', locale, { reason: (error as Error).message })
      }
    }
    // What it will make, from the same plan the renderer follows.
    const plan = {
      segments: input.segments.map((s) => ({ path: '', info: mediaInfoOf(materials.get(s.material_id)!), start: s.start || undefined, end: s.end || undefined })),
      transition: transitionOf(input.transition, input.transition_seconds, input.segments.length),
    }
    const frame = outputSize({ shape: input.shape ?? '9:16', height: input.resolution ?? 720 })
    const segments = clipDuration(plan)
    if (input.voice_text?.trim()) await checkVoice(trx, services, caller, input.voice, '/voice', locale)
    if (input.subtitle_style?.font) await checkFont(trx, services, caller, input.subtitle_style.font, '/subtitle_style/font', locale)
    const speech = await voiceOverSeconds(input.voice_text, input)
    return {
      title: input.title,
      size: { output_seconds: Math.max(segments, speech), variants: 1, ...frame },
      notices: speech > segments ? [longerThanSegments(speech, segments)] : [],
    }
  },
  async run(ctx) {
    const { input } = ctx
    ctx.progress(1, FETCHING)
    const { video, lines } = await ctx.step('render', async () => {
      const plan = await clipPlan(ctx, input)
      const video = await renderAndStore(ctx, plan, { coverAt: input.cover_at ?? 0, onProgress: (f) => ctx.progress(5 + f * 90, RENDERING) })
      return { video, lines: plan.subtitles?.cues ?? [] }
    })
    return {
      // The lines it shows, each with when: those of a voice-over are timed by its speech.
      result: { outputs: [{ ...video, lines }] },
      commit: (trx) => insertWorks(trx, ctx, 'clip', [{ video, variant: 0, combination: '' }]),
    }
  },
})

async function clipPlan(ctx: TaskRunContext<ClipInput>, input: ClipInput): Promise<ClipPlan> {
  const ids = [...input.segments.map((s) => s.material_id), ...(input.bgm_material_id ? [input.bgm_material_id] : [])]
  const materials = await materialsById(ctx.services, ids)
  if (materials.size !== new Set(ids).size) throw new TaskFailure({ 'zh-CN': '所用素材已被删除，请重新选择素材后提交', 'en-US': 'A material it uses has been deleted: choose the materials again and submit' })
  const paths = await fetchMaterials(ctx, [...materials.values()])
  const plan: ClipPlan = {
    segments: input.segments.map((s) => {
      const material = materials.get(s.material_id)!
      return { path: paths.get(material.id)!, info: mediaInfoOf(material), start: s.start || undefined, end: s.end || undefined }
    }),
    transition: transitionOf(input.transition, input.transition_seconds, input.segments.length),
    shape: input.shape ?? '9:16',
    fit: input.fit ?? 'crop',
    height: input.resolution ?? 720,
    fps: input.fps ?? 25,
    bitrateKbps: input.bitrate ?? bitrateFor(input.resolution ?? 720),
    output: join(ctx.workDir, 'clip.mp4'),
  }
  let spoken: Cue[] = []
  if (input.voice_text?.trim()) {
    ctx.progress(3, SPEAKING)
    const speak = await speakerFor(ctx.services, input)
    const voice = await narrate(input.voice_text, (text, output) => speak(text, output, ctx.signal), ctx.workDir, { signal: ctx.signal })
    plan.segments = segmentsCovering(plan, voice.seconds + TAIL_SECONDS)
    plan.voiceOver = { path: voice.path, volume: 1 }
    spoken = voice.cues
  }
  const total = clipDuration(plan)
  const cues = input.subtitle_srt ? parseSrt(input.subtitle_srt) : input.subtitle_text ? cuesForText(input.subtitle_text, total) : spoken
  const font = await fontFor(ctx, input.subtitle_style?.font)
  if (cues.length > 0) plan.subtitles = { cues, ...subtitleStyle(input.subtitle_style, font) }
  plan.title = titleOf(input.title_overlay, font.family)
  plan.fontFile = font.file
  if (input.bgm_material_id) {
    plan.bgm = { path: paths.get(input.bgm_material_id)!, volume: input.bgm_volume ?? 0.5, fadeInSeconds: input.bgm_fade ?? 1, fadeOutSeconds: input.bgm_fade ?? 1 }
  }
  return plan
}

/** How long a voice-over in the chosen voice and its tail will last, measured before it is said; 0 without one. */
export async function voiceOverSeconds(text: string | undefined, choice: VoiceChoice): Promise<number> {
  if (!text?.trim()) return 0
  const seconds = await narrationSeconds(text, measureIn(choice))
  return Math.round((seconds + TAIL_SECONDS) * 1000) / 1000
}

function longerThanSegments(speech: number, segments: number): Label {
  return {
    'zh-CN': `配音 ${Math.round(speech * 10) / 10} 秒，长于片段拼出的 ${Math.round(segments * 10) / 10} 秒：片段会从第一段起再播放一遍，直到配音说完。`,
    'en-US': `The voice-over takes ${Math.round(speech * 10) / 10} s, longer than the segments' ${Math.round(segments * 10) / 10} s: they play again from the first until it ends.`,
  }
}

function segmentMessage(locale: 'zh-CN' | 'en-US', length: number): string {
  return locale === 'zh-CN' ? `结束时间须晚于开始时间，且在素材时长（${length.toFixed(1)} 秒）以内` : `The end must come after the start, within the material's ${length.toFixed(1)} s`
}

export type { StoredVideo }
