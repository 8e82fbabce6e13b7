import type { Label } from '../../schema/types'
import type { VoiceClone } from '../../generated/types'
import type { Db } from '../db/connect'
import { AppError, fieldError } from '../errors/AppError'
import { tableOf } from '../db/table-of'
import { taskHandler, type RunningTask } from '../tasks/task-handler'
import { TaskFailure } from '../errors/task-failure'
import { usableMaterials } from '../creation/materials'
import { requireMediaTools } from '../creation/media-tools'
import { SAMPLE_SECONDS } from '../providers/voice-clone/local'
import { SampleRefused } from '../providers/voice-clone/voice-clone-provider'
import { voiceCloneProvider } from '../providers/active'
import type { Services } from '../services'
import { labelText } from './label-text'

const READING: Label = { 'zh-CN': '读取样本', 'en-US': 'Reading the sample' }
const LISTENING: Label = { 'zh-CN': '分析声音', 'en-US': 'Listening to the voice' }
const SAMPLE_GONE: Label = { 'zh-CN': '声音样本已被删除，请重新选择样本后提交', 'en-US': 'The voice sample has been deleted: choose a sample again and submit' }

/** One voice clone record: what the task made of the sample, or why it made nothing. */
/** What a try leaves on the voice's record: the generated entity's fields, the task's states a clone ends in. */
type VoiceRecord = Required<Pick<VoiceClone, 'provider' | 'kind' | 'voice_id' | 'reference_text' | 'error' | 'duration' | 'pitch_hz' | 'loudness_db'>> & { status: 'succeeded' | 'failed' | 'cancelled' }

/**
 * Voice clone: the active voice-clone provider makes a voice from the sample. Every try leaves
 * a voice clone record, the voice itself or the reason there is none, written in the
 * transaction that ends the task, so a retried task never leaves two records of one run.
 */
export const voiceCloneTask = taskHandler(['voice_clone'], {
  async prepare({ services, caller, input, locale, trx }) {
    await requireMediaTools(locale)
    const materials = await usableMaterials(trx, services, caller, [{ id: input.sample_material_id, path: '/sample_material_id', kinds: ['audio', 'video'] }], locale)
    const sample = materials.get(input.sample_material_id)!
    if (!sample.audio_codec) throw fieldError('VALIDATION_FAILED', '/sample_material_id', locale, { first: locale === 'zh-CN' ? `「${sample.name}」里没有声音` : `“${sample.name}” has no sound` })
    if (sample.duration < SAMPLE_SECONDS.min || sample.duration > SAMPLE_SECONDS.max) {
      const first =
        locale === 'zh-CN'
          ? `样本时长 ${sample.duration.toFixed(1)} 秒，需在 ${SAMPLE_SECONDS.min} 到 ${SAMPLE_SECONDS.max} 秒之间`
          : `The sample lasts ${sample.duration.toFixed(1)} s; it must last ${SAMPLE_SECONDS.min} to ${SAMPLE_SECONDS.max} s`
      throw fieldError('VALIDATION_FAILED', '/sample_material_id', locale, { first })
    }
    // Read in the submitting transaction: the embedded database has one connection, which it holds.
    const active = await voiceCloneProvider(services, trx)
    if ('notConfigured' in active) throw new AppError('PROVIDER_NOT_CONFIGURED', { reason: active.notConfigured[locale] })
    return { title: input.name }
  },
  async run(ctx) {
    const { input, services } = ctx
    ctx.progress(5, READING)
    const sample = await services.db.selectFrom(tableOf(services, 'material')).select(['storage_key', 'url']).where('id', '=', input.sample_material_id).executeTakeFirst()
    if (!sample) throw new TaskFailure(SAMPLE_GONE)
    const path = await services.files.localCopy(sample.storage_key, ctx.workDir)
    ctx.progress(30, LISTENING)
    const active = await voiceCloneProvider(services)
    if ('notConfigured' in active) throw new TaskFailure(active.notConfigured)
    const { name, provider } = active
    let voice
    try {
      voice = await provider.clone({ sample: path, language: input.language ?? 'cmn', transcript: input.transcript?.trim() || undefined, workDir: ctx.workDir, signal: ctx.signal })
    } catch (error) {
      if (error instanceof SampleRefused) throw new TaskFailure(error.reason)
      throw error
    }
    const record: VoiceRecord = {
      status: 'succeeded',
      provider: name,
      kind: provider.clones ? 'clone' : 'stock',
      voice_id: voice.voiceId,
      reference_text: voice.referenceText ?? '',
      error: '',
      duration: round(voice.measured.durationSeconds, 2),
      pitch_hz: round(voice.measured.pitchHz ?? 0, 1),
      loudness_db: round(voice.measured.loudnessDb, 1),
    }
    return {
      result: { voice_id: voice.voiceId, provider: name, kind: record.kind, describe: provider.describe, measured: voice.measured },
      commit: (trx) => writeRecord(trx, services, ctx.task, input, (sample.url ?? ''), record),
    }
  },
  async ended(trx, { services, task, input, status, error }) {
    const sample = await trx.selectFrom(tableOf(services, 'material')).select(['url']).where('id', '=', input.sample_material_id).executeTakeFirst()
    const { name } = await voiceCloneProvider(services, trx)
    const record: VoiceRecord = { status, provider: name, kind: '', voice_id: '', reference_text: '', error: labelText(error), duration: 0, pitch_hz: 0, loudness_db: 0 }
    await writeRecord(trx, services, task, input, (sample?.url ?? ''), record)
  },
})

async function writeRecord(trx: Db, services: Services, task: RunningTask, input: { name: string; language?: 'cmn' | 'en' }, sampleUrl: string, record: VoiceRecord): Promise<void> {
  const now = services.now().toISOString()
  await trx
    .insertInto(tableOf(services, 'voice_clone'))
    .values({ user_id: task.ownerId, name: input.name, language: input.language ?? 'cmn', sample_url: sampleUrl, task_id: task.id, ...record, error: record.error.slice(0, 500), created_at: now, updated_at: now })
    .execute()
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits
  return Math.round(value * scale) / scale
}
