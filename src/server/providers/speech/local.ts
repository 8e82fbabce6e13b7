import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { probeMedia } from '../../media/probe'
import { runProcess } from '../../media/run-ffmpeg'
import { mediaCommands } from '../../media/tools'
import type { SpeakParams, SpeechProvider, SpeechVoice } from './speech-provider'
import { readPcmWav } from '../../media/pcm-wav'

export const SPEED_RANGE = { min: 80, max: 450, default: 175 } as const
export const PITCH_RANGE = { min: 0, max: 99, default: 50 } as const

const VOICES: SpeechVoice[] = [
  { id: 'cmn', label: { 'zh-CN': '普通话（本地 espeak-ng 合成）', 'en-US': 'Mandarin (local espeak-ng)' } },
  { id: 'en', label: { 'zh-CN': '英语（本地 espeak-ng 合成）', 'en-US': 'English (local espeak-ng)' } },
]

/** espeak-ng's command line; the text goes to stdin, so text that starts with "-" is never read as an option. */
export function speechArgs(params: Pick<SpeakParams, 'voice' | 'speed' | 'pitch' | 'output'>): string[] {
  return ['-v', params.voice, '-s', String(params.speed ?? SPEED_RANGE.default), '-p', String(params.pitch ?? PITCH_RANGE.default), '-w', params.output, '--stdin']
}

function check(params: SpeakParams): void {
  const inRange = (value: number | undefined, range: { min: number; max: number }) => value === undefined || (Number.isFinite(value) && value >= range.min && value <= range.max)
  if (!params.text.trim()) throw new RangeError('speech: there is no text to say')
  if (!inRange(params.speed, SPEED_RANGE)) throw new RangeError(`speech: speed ${params.speed} is outside ${SPEED_RANGE.min}..${SPEED_RANGE.max} words a minute`)
  if (!inRange(params.pitch, PITCH_RANGE)) throw new RangeError(`speech: pitch ${params.pitch} is outside ${PITCH_RANGE.min}..${PITCH_RANGE.max}`)
  // The voice becomes an argument: a name, never something espeak-ng could take for an option.
  if (!/^[a-z][a-z0-9_+-]*$/i.test(params.voice)) throw new RangeError(`speech: "${params.voice}" is not a voice name`)
}

/**
 * Lengths measured lately, by voice, speed, pitch and text: a form's estimate measures the
 * text a moment before its submit measures it again, inside the submitting transaction.
 */
const measured = new Map<string, number>()
const MEASURED_KEPT = 500

/** The embedded speech provider: espeak-ng's synthesized voices, on this machine. */
export const localSpeech: SpeechProvider = {
  async speak(params) {
    check(params)
    try {
      await runProcess(mediaCommands().espeak, speechArgs(params), { input: params.text, signal: params.signal })
      // espeak-ng writes PCM WAV, whose length its own bytes tell without another process.
      const wav = readPcmWav(await readFile(params.output))
      return { durationSeconds: wav ? wav.seconds : (await probeMedia(params.output, { signal: params.signal })).duration }
    } catch (error) {
      await rm(params.output, { force: true })
      throw error
    }
  },
  async measure(params) {
    const key = JSON.stringify([params.voice, params.speed, params.pitch, params.text])
    const known = measured.get(key)
    if (known !== undefined) return known
    const dir = await mkdtemp(join(tmpdir(), 'speech-measure-'))
    try {
      const output = join(dir, 'speech.wav')
      check({ ...params, output })
      await runProcess(mediaCommands().espeak, speechArgs({ ...params, output }), { input: params.text, signal: params.signal })
      const seconds = readPcmWav(await readFile(output))?.seconds ?? 0
      if (measured.size >= MEASURED_KEPT) measured.delete(measured.keys().next().value!)
      measured.set(key, seconds)
      return seconds
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  },
  async voices() {
    return VOICES
  },
  describe: { 'zh-CN': '本地合成语音（espeak-ng），不是克隆声音', 'en-US': 'Local synthesized voice (espeak-ng), not a clone' },
}
