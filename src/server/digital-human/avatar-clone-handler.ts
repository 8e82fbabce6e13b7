import type { Avatar } from '../../generated/types'
import type { Label } from '../../schema/types'
import type { Db } from '../db/connect'
import { fieldError } from '../errors/AppError'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import { newUploadKey } from '../uploads/file-store'
import { taskHandler, type RunningTask } from '../tasks/task-handler'
import { TaskFailure } from '../errors/task-failure'
import { usableMaterials } from '../creation/materials'
import { requireMediaTools } from '../creation/media-tools'
import { avatarCloneProvider } from '../providers/active'
import { TrainingVideoRefused, type AvatarTier } from '../providers/avatar-clone/avatar-clone-provider'
import { labelText } from './label-text'

const READING: Label = { 'zh-CN': '读取训练视频', 'en-US': 'Reading the training video' }
const CLONING: Label = { 'zh-CN': '制作形象', 'en-US': 'Making the avatar' }
const KEEPING: Label = { 'zh-CN': '保存形象', 'en-US': 'Keeping the avatar' }
const VIDEO_GONE: Label = { 'zh-CN': '训练视频已被删除，请重新选择后提交', 'en-US': 'The training video has been deleted: choose it again and submit' }

const TIER: Record<string, AvatarTier> = { avatar_clone: 'standard', avatar_clone_hd: 'hd' }

interface AvatarRecord {
  status: 'succeeded' | 'failed' | 'cancelled'
  provider: Avatar['provider']
  render: '' | 'lip_sync' | 'no_lip_sync'
  external_id: string
  still_url: string
  loop_url: string
  duration: number
  width: number
  height: number
  error: string
}

/**
 * Image clone and HD image clone: the active avatar-clone provider makes an avatar from the
 * training video, and the files it made are kept in the store. Every try leaves an avatar
 * record, the avatar or the reason there is none, in the transaction that ends the task.
 */
export const avatarCloneTask = taskHandler(['avatar_clone', 'avatar_clone_hd'], {
  // What the library knows of the video (its length and size, probed on arrival) is checked before anything is
  // charged; the provider checks the rest (one continuous shot) in the worker.
  async prepare({ services, kind, caller, input, locale, trx }) {
    await requireMediaTools(locale)
    const materials = await usableMaterials(trx, services, caller, [{ id: input.training_material_id, path: '/training_material_id', kinds: ['video'] }], locale)
    const video = materials.get(input.training_material_id)!
    const { provider } = await avatarCloneProvider(services)
    const need = provider.requirements[TIER[kind.name]!]
    const shortSide = Math.min(video.width ?? 0, video.height ?? 0)
    const problem =
      video.duration < need.minSeconds
        ? { 'zh-CN': `训练视频只有 ${video.duration.toFixed(1)} 秒，至少需要 ${need.minSeconds} 秒`, 'en-US': `The training video lasts ${video.duration.toFixed(1)} s; it needs at least ${need.minSeconds} s` }
        : shortSide < need.minShortSide
          ? { 'zh-CN': `训练视频分辨率为 ${video.width}×${video.height}，短边至少需要 ${need.minShortSide} 像素`, 'en-US': `The training video is ${video.width}×${video.height}; its shorter side needs at least ${need.minShortSide} pixels` }
          : undefined
    if (problem) throw fieldError('VALIDATION_FAILED', '/training_material_id', locale, { first: problem[locale] })
    return { title: input.name }
  },
  async run(ctx) {
    const { input, services } = ctx
    const tier = TIER[ctx.task.kind]!
    ctx.progress(2, READING)
    const training = await services.db.selectFrom(tableOf(services, 'material')).select(['storage_key']).where('id', '=', input.training_material_id).executeTakeFirst()
    if (!training) throw new TaskFailure(VIDEO_GONE)
    const { name, provider } = await avatarCloneProvider(services)
    const record = await ctx.step('clone', async () => {
      const video = await services.files.localCopy(training.storage_key, ctx.workDir)
      ctx.progress(10, CLONING)
      let avatar
      try {
        avatar = await provider.clone({ video, tier, workDir: ctx.workDir, signal: ctx.signal, onProgress: (f) => ctx.progress(10 + f * 80, CLONING) })
      } catch (error) {
        if (error instanceof TrainingVideoRefused) throw new TaskFailure(error.reason)
        throw error
      }
      ctx.progress(92, KEEPING)
      const now = services.now()
      const kept: AvatarRecord = {
        status: 'succeeded',
        provider: name,
        render: provider.lipSync ? 'lip_sync' : 'no_lip_sync',
        external_id: avatar.avatarId,
        still_url: await services.files.putFile(newUploadKey('jpg', now), avatar.still, 'image/jpeg', { move: true }),
        loop_url: avatar.loop ? await services.files.putFile(newUploadKey('mp4', now), avatar.loop, 'video/mp4', { move: true }) : '',
        duration: Math.round(avatar.measured.durationSeconds * 100) / 100,
        width: avatar.measured.width,
        height: avatar.measured.height,
        error: '',
      }
      return kept
    })
    return {
      result: { external_id: record.external_id, provider: name, render: record.render, describe: provider.describe, still_url: record.still_url, loop_url: record.loop_url },
      commit: (trx) => writeAvatar(trx, services, ctx.task, input.name, tier, record),
    }
  },
  async ended(trx, { services, task, input, status, error }) {
    const { name } = await avatarCloneProvider(services)
    const record: AvatarRecord = { status, provider: name, render: '', external_id: '', still_url: '', loop_url: '', duration: 0, width: 0, height: 0, error: labelText(error) }
    await writeAvatar(trx, services, task, input.name, TIER[task.kind]!, record)
  },
})

async function writeAvatar(trx: Db, services: Services, task: RunningTask, name: string, tier: AvatarTier, record: AvatarRecord): Promise<void> {
  const now = services.now().toISOString()
  await trx
    .insertInto(tableOf(services, 'avatar'))
    .values({ name, tier, owner_id: task.ownerId, task_id: task.id, ...record, error: record.error.slice(0, 500), created_at: now, updated_at: now })
    .execute()
}
