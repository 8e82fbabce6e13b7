import { join } from 'node:path'
import type { Label } from '../../schema/types'
import { AppError } from '../errors/AppError'
import { tableOf } from '../db/table-of'
import { taskHandler, type TaskInput, type TaskRunContext } from '../tasks/task-handler'
import { TaskFailure } from '../errors/task-failure'
import { materialsById, usableMaterials, type MaterialUse } from '../creation/materials'
import { requireMediaTools } from '../creation/media-tools'
import { fetchMaterials, insertWorks, renderAndStore } from '../creation/outputs'
import { subtitleStyle } from '../media/media-style'
import { ownReady } from '../creation/own-ready'
import { checkVoice, speakerFor } from '../creation/voice'
import { checkFont, fontFor } from '../creation/font'
import { narrate, TAIL_SECONDS } from '../media/narration'
import { probeMedia } from '../media/probe'
import { bitrateFor, type ClipPlan } from '../media/clip-plan'
import { digitalHumanVideoProvider } from '../providers/active'
import type { DigitalHumanVideoProvider } from '../providers/digital-human-video/digital-human-video-provider'

type VideoInput = TaskInput<'digital_video'>

const READING: Label = { 'zh-CN': '读取形象与素材', 'en-US': 'Reading the avatar and materials' }
const SPEAKING: Label = { 'zh-CN': '合成语音', 'en-US': 'Speaking the script' }
const LIP_SYNC: Label = { 'zh-CN': '口型同步中', 'en-US': 'Moving the lips with the speech' }
const RENDERING = {
  lip_sync: { 'zh-CN': '合成字幕与音乐', 'en-US': 'Adding subtitles and music' },
  no_lip_sync: { 'zh-CN': '合成视频（本地合成，不对口型）', 'en-US': 'Rendering (local render, no lip sync)' },
} satisfies Record<string, Label>
const GONE: Label = { 'zh-CN': '所选形象、声音或素材已被删除，请重新选择后提交', 'en-US': 'The avatar, voice or a material it uses has been deleted: choose again and submit' }
const FPS = 25

/**
 * A digital-human video: the script said by the chosen voice, one sentence at a time, the
 * avatar's loop behind it for as long as it speaks, subtitles shown while each sentence is
 * said, over a background picture and music. Rendered here by ffmpeg: a local render, with
 * no lip sync, and the work says so.
 */
export const digitalVideoTask = taskHandler(['digital_video'], {
  async prepare({ services, caller, input, locale, trx }) {
    await requireMediaTools(locale, { speech: true })
    // Read in the submitting transaction: the embedded database has one connection, which it holds.
    const active = await digitalHumanVideoProvider(services, trx)
    if ('notConfigured' in active) throw new AppError('PROVIDER_NOT_CONFIGURED', { reason: active.notConfigured[locale] })
    await ownReady(trx, services, caller, 'avatar', input.avatar_id, '/avatar_id', locale)
    await checkVoice(trx, services, caller, input.voice, '/voice', locale)
    if (input.subtitle_style?.font) await checkFont(trx, services, caller, input.subtitle_style.font, '/subtitle_style/font', locale)
    const uses: MaterialUse[] = []
    if (input.background_material_id) uses.push({ id: input.background_material_id, path: '/background_material_id', kinds: ['image'] })
    if (input.bgm_material_id) uses.push({ id: input.bgm_material_id, path: '/bgm_material_id', kinds: ['audio', 'video'] })
    await usableMaterials(trx, services, caller, uses, locale)
    return { title: input.title }
  },
  async run(ctx) {
    const { input, services } = ctx
    ctx.progress(2, READING)
    const active = await digitalHumanVideoProvider(services)
    if ('notConfigured' in active) throw new TaskFailure(active.notConfigured)
    const render = active.provider.lipSync ? 'lip_sync' : 'no_lip_sync'
    const video = await ctx.step('render', async () => {
      const plan = await videoPlan(ctx, input, active.provider)
      return renderAndStore(ctx, plan, { coverAt: 0.5, onProgress: (f) => ctx.progress(75 + f * 23, RENDERING[render]) })
    })
    return {
      result: { outputs: [video], render, provider: active.name, describe: active.provider.describe },
      commit: (trx) => insertWorks(trx, ctx, 'digital_human', [{ video, variant: 0, combination: '' }], { render }),
    }
  },
})

async function videoPlan(ctx: TaskRunContext<VideoInput>, input: VideoInput, provider: DigitalHumanVideoProvider): Promise<ClipPlan> {
  const { services } = ctx
  const avatar = await services.db.selectFrom(tableOf(services, 'avatar')).select(['loop_url', 'status']).where('id', '=', input.avatar_id).executeTakeFirst()
  const loopKey = avatar ? services.files.keyOf(avatar.loop_url) : null
  if (!avatar || !loopKey) throw new TaskFailure(GONE)
  const ids = [input.background_material_id, input.bgm_material_id].filter((id): id is number => typeof id === 'number')
  const materials = await materialsById(services, ids)
  if (materials.size !== ids.length) throw new TaskFailure(GONE)
  const paths = await fetchMaterials(ctx, [...materials.values()])
  const font = await fontFor(ctx, input.subtitle_style?.font)
  const loop = await services.files.localCopy(loopKey, ctx.workDir)

  ctx.progress(5, SPEAKING)
  const speak = await speakerFor(services, input)
  const narration = await narrate(
    input.script,
    (text, output) => speak(text, output, ctx.signal),
    ctx.workDir,
    { signal: ctx.signal, onProgress: (f) => ctx.progress(5 + f * 20, SPEAKING) },
  )
  const seconds = narration.seconds + TAIL_SECONDS
  const height = input.resolution ?? 720
  const shape = input.shape ?? '9:16'
  const fit = input.background_material_id ? 'pad' : 'crop'
  // With lip sync the vendor's video says the narration itself; without, the avatar's loop plays behind it.
  // Over a background picture the avatar keeps its own shape, for the picture to show around it.
  const speaking = provider.lipSync
    ? await provider.lipSync({ video: loop, audio: narration.path, job: `task-${ctx.task.id}-${ctx.task.attempt}`, ...(fit === 'crop' ? { shape } : {}), height, workDir: ctx.workDir, signal: ctx.signal, step: ctx.step, onProgress: (f) => ctx.progress(25 + f * 50, LIP_SYNC) })
    : undefined
  return {
    segments: [speaking ? { path: speaking, info: await probeMedia(speaking, { signal: ctx.signal }), end: seconds } : { path: loop, info: await probeMedia(loop, { signal: ctx.signal }), end: seconds, loop: true }],
    shape,
    fit,
    ...(input.background_material_id ? { background: { path: paths.get(input.background_material_id)! } } : {}),
    height,
    fps: FPS,
    bitrateKbps: bitrateFor(height),
    ...(input.subtitles === false ? {} : { subtitles: { cues: narration.cues, ...subtitleStyle(input.subtitle_style, font) } }),
    ...(font.file ? { fontFile: font.file } : {}),
    ...(speaking ? {} : { voiceOver: { path: narration.path, volume: 1 } }),
    ...(input.bgm_material_id ? { bgm: { path: paths.get(input.bgm_material_id)!, volume: input.bgm_volume ?? 0.3, fadeInSeconds: 1, fadeOutSeconds: 1 } } : {}),
    output: join(ctx.workDir, 'digital-human.mp4'),
  }
}


