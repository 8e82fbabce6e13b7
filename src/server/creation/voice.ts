import type { Label, Locale } from '../../schema/types'
import type { Caller } from '../access/caller'
import type { Db } from '../db/connect'
import { fieldError } from '../errors/AppError'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import { TaskFailure } from '../errors/task-failure'
import { ownReady } from './own-ready'
import { speechForVoice } from '../providers/active'
import { localSpeech, PITCH_RANGE, SPEED_RANGE } from '../providers/speech/local'
import { isLocalVoice } from '../providers/speech/local-voices'

// A voice field ("media#/$defs/voice"): one of espeak-ng's voices here, with a variant
// ("en-us+f3"), or one of the caller's cloned voices ("clone:12"), with a speed and a pitch.

/** A cloned voice is measured before it speaks by the local voice at this much more: clones read a little slower. */
export const CLONE_SLACK = 1.25

export interface VoiceChoice {
  voice?: string
  speed?: number
  pitch?: number
}

/** The clone a voice value names, if it names one. */
export function cloneIdOf(voice: string | undefined): number | undefined {
  const found = /^clone:(\d+)$/.exec(voice ?? '')
  return found ? Number(found[1]) : undefined
}

/** Refuses, on its field, a local voice this machine does not have, or a clone that is not the caller's or did not succeed. */
export async function checkVoice(trx: Db, services: Services, caller: Caller, voice: string | undefined, path: string, locale: Locale): Promise<void> {
  const clone = cloneIdOf(voice)
  if (clone !== undefined) return ownReady(trx, services, caller, 'voice_clone', clone, path, locale)
  if (await isLocalVoice(voice ?? 'cmn')) return
  const first = locale === 'zh-CN' ? `本机没有声音“${voice}”，请从列表中选择` : `There is no voice "${voice}" here: choose one from the list`
  throw fieldError('VALIDATION_FAILED', path, locale, { first })
}

/** How long a piece of text takes to say in the chosen voice, measured before anything is said. */
export function measureIn(choice: VoiceChoice): (text: string) => Promise<number> {
  const clone = cloneIdOf(choice.voice)
  if (clone !== undefined) return async (text) => (await localSpeech.measure!({ text, voice: 'cmn' })) * CLONE_SLACK
  return (text) => localSpeech.measure!({ text, voice: choice.voice ?? 'cmn', speed: choice.speed ?? SPEED_RANGE.default, pitch: choice.pitch ?? PITCH_RANGE.default })
}

/** Says a piece of text into a WAV file, in a worker. */
export type Speaker = (text: string, output: string, signal?: AbortSignal) => Promise<void>

const GONE: Label = { 'zh-CN': '所选的克隆声音已被删除，请重新选择后提交', 'en-US': 'The cloned voice chosen has been deleted: choose again and submit' }

/** Who reads it: a local voice at its speed and pitch, or the clone through the provider it was made with. */
export async function speakerFor(services: Services, choice: VoiceChoice): Promise<Speaker> {
  const clone = cloneIdOf(choice.voice)
  if (clone === undefined) {
    return async (text, output, signal) => void (await localSpeech.speak({ text, voice: choice.voice ?? 'cmn', speed: choice.speed ?? SPEED_RANGE.default, pitch: choice.pitch ?? PITCH_RANGE.default, output, signal }))
  }
  const record = await services.db.selectFrom(tableOf(services, 'voice_clone')).select(['voice_id', 'reference_text']).where('id', '=', clone).executeTakeFirst()
  if (!record) throw new TaskFailure(GONE)
  const speech = await speechForVoice(services, record)
  if ('unknown' in speech) throw new TaskFailure(speech.unknown)
  return async (text, output, signal) => void (await speech.provider.speak({ text, voice: speech.voice, pitch: speech.pitch, referenceText: speech.referenceText, output, signal }))
}
