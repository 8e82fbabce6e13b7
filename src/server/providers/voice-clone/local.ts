import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { probeMedia } from '../../media/probe'
import { runFfmpeg } from '../../media/run-ffmpeg'
import { PITCH_RANGE } from '../speech/local'
import { measureVoice } from './voice-measure'
import { SampleRefused, type ClonedVoice, type VoiceCloneProvider } from './voice-clone-provider'

const RATE = 16000
/** Enough of a sample to hear its voice; the rest is not read. */
const LISTEN_SECONDS = 60
export const SAMPLE_SECONDS = { min: 5, max: 300 } as const
/** Below this share of voiced frames, the sample is mostly silence or noise. */
const LEAST_VOICED = 0.2

/** espeak-ng's male and female variants, and the pitch (Hz) each speaks at with its pitch setting at 50, as measured here. */
const STOCK = [
  { variant: 'm3', hz: 105 },
  { variant: 'f3', hz: 210 },
] as const

/**
 * The embedded "voice clone": it keeps nothing of the speaker but two numbers. It measures the
 * sample (length, loudness, pitch) and picks the espeak-ng voice nearest to it, male or
 * female, at the nearest pitch. The console says so: a local voice, not a clone.
 */
export const localVoiceClone: VoiceCloneProvider = {
  async clone({ sample, language, workDir, signal }) {
    const measured = await listenTo(sample, workDir, signal)
    const nearest = STOCK.reduce((best, stock) => (Math.abs(Math.log(stock.hz / measured.pitchHz)) < Math.abs(Math.log(best.hz / measured.pitchHz)) ? stock : best))
    const pitch = Math.round(Math.min(PITCH_RANGE.max, Math.max(PITCH_RANGE.min, 50 * (measured.pitchHz / nearest.hz))))
    return { voiceId: `local:${language}+${nearest.variant}:${pitch}`, measured }
  },
  clones: false,
  describe: { 'zh-CN': '本地声音，不是克隆：按样本的音高选用最接近的 espeak-ng 合成声音', 'en-US': 'Local voice, not a clone: the espeak-ng voice nearest to the sample’s pitch' },
}

/**
 * What a sample says of its voice (length, loudness, pitch, the share of it voiced), or why it
 * cannot make a voice: no sound, too short or long, hardly any voice in it. Every provider
 * listens this way before it clones.
 */
export async function listenTo(sample: string, workDir: string, signal?: AbortSignal): Promise<ClonedVoice['measured'] & { pitchHz: number }> {
  const info = await probeMedia(sample, { signal })
  if (!info.audioCodec) throw new SampleRefused({ 'zh-CN': '样本里没有声音，请上传或录制一段说话的音频。', 'en-US': 'The sample has no sound: upload or record someone speaking.' })
  if (info.duration < SAMPLE_SECONDS.min || info.duration > SAMPLE_SECONDS.max) {
    throw new SampleRefused({
      'zh-CN': `样本时长 ${info.duration.toFixed(1)} 秒，需在 ${SAMPLE_SECONDS.min} 到 ${SAMPLE_SECONDS.max} 秒之间。`,
      'en-US': `The sample is ${info.duration.toFixed(1)} s long; it must last ${SAMPLE_SECONDS.min} to ${SAMPLE_SECONDS.max} s.`,
    })
  }
  const pcm = join(workDir, 'sample.f32')
  await runFfmpeg(['-i', sample, '-t', String(LISTEN_SECONDS), '-vn', '-ac', '1', '-ar', String(RATE), '-f', 'f32le', pcm], { signal })
  const bytes = await readFile(pcm)
  const measured = measureVoice(new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4)), RATE)
  if (measured.pitchHz === null || measured.voiced < LEAST_VOICED) {
    throw new SampleRefused({ 'zh-CN': '样本中几乎听不到人声，请在安静处靠近麦克风重新录制。', 'en-US': 'Hardly any voice can be heard in the sample: record again somewhere quiet, close to the microphone.' })
  }
  return { durationSeconds: info.duration, ...measured, pitchHz: measured.pitchHz }
}

/** The espeak-ng voice and pitch a local voice id names, for the speech provider. */
export function localVoiceOf(voiceId: string): { voice: string; pitch: number } | null {
  const match = /^local:((?:cmn|en)\+[mf][0-9]):([0-9]{1,2})$/.exec(voiceId)
  return match ? { voice: match[1]!, pitch: Number(match[2]) } : null
}
