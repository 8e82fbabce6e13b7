import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { probeMedia } from '../../media/probe'
import { runFfmpeg, runProcess } from '../../media/run-ffmpeg'
import { mediaCommands } from '../../media/tools'
import { gptSovitsVoice } from '../speech/gpt-sovits'
import { listenTo } from './local'
import { SampleRefused, type VoiceCloneProvider } from './voice-clone-provider'

export interface GptSovitsCloneConfig {
  /** This machine's folder that the GPT-SoVITS server sees as `containerDir`. */
  sharedDir: string
  /** The same folder as the GPT-SoVITS server names it. */
  containerDir: string
  /** Its address, for what the console says of it. */
  baseUrl: string
}

/** api_v2 takes a reference recording of 3 to 10 seconds, and refuses any other. */
export const REFERENCE_SECONDS = { min: 3, max: 10 } as const
/** What is kept of the sample: most of what api_v2 allows, clear of its limit. */
const KEPT_SECONDS = 9
/** Silence before the first word is cut, so the reference is speech from its start. */
const LEADING_SILENCE = 'silenceremove=start_periods=1:start_duration=0.1:start_threshold=-45dB'

/**
 * GPT-SoVITS: a real clone, zero-shot. The sample is listened to as every provider does, then
 * its speech from the first word becomes the voice's reference recording, written as 32 kHz mono
 * WAV into the folder GPT-SoVITS shares with this platform. With the words the sample begins
 * with, the reference ends at the first pause after three seconds, so that it says those words
 * and no more, and they are kept with the voice (v3 and v4 models read a reference only with
 * them). Without them it is the first nine seconds, read reference-free by v1 and v2.
 */
export function gptSovitsVoiceClone(config: GptSovitsCloneConfig): VoiceCloneProvider {
  return {
    async clone({ sample, language, transcript, workDir, signal }) {
      const measured = await listenTo(sample, workDir, signal)
      const name = `${randomUUID()}.wav`
      await mkdir(join(config.sharedDir, 'voices'), { recursive: true })
      const reference = join(config.sharedDir, 'voices', name)
      const speech = join(workDir, 'speech.wav')
      await runFfmpeg(['-i', sample, '-vn', '-af', LEADING_SILENCE, '-t', String(transcript ? REFERENCE_SECONDS.max + 1 : KEPT_SECONDS), '-ac', '1', '-ar', '32000', '-c:a', 'pcm_s16le', speech], { signal })
      const spoken = (await probeMedia(speech, { signal })).duration
      const end = transcript ? await firstWordsEnd(speech, spoken, signal) : spoken
      if (end < REFERENCE_SECONDS.min) {
        throw new SampleRefused({
          'zh-CN': `去掉静音后样本只剩 ${end.toFixed(1)} 秒人声，至少需要 ${REFERENCE_SECONDS.min} 秒。`,
          'en-US': `Without its silence the sample holds only ${end.toFixed(1)} s of speech; at least ${REFERENCE_SECONDS.min} s are needed.`,
        })
      }
      if (end > REFERENCE_SECONDS.max) {
        throw new SampleRefused({
          'zh-CN': `样本开头 ${REFERENCE_SECONDS.min} 到 ${REFERENCE_SECONDS.max} 秒之间没有停顿，无法截出只说“${transcript!.slice(0, 30)}”的参考录音：请在第一句后稍作停顿再录，或不填写开头的原话。`,
          'en-US': `The sample has no pause between ${REFERENCE_SECONDS.min} and ${REFERENCE_SECONDS.max} s, so no reference saying just "${transcript!.slice(0, 30)}" can be cut: pause briefly after the first sentence when recording, or leave the words empty.`,
        })
      }
      await runFfmpeg(['-i', speech, '-t', end.toFixed(3), '-c:a', 'pcm_s16le', reference], { signal })
      return { voiceId: gptSovitsVoice(language, `${config.containerDir.replace(/\/+$/, '')}/voices/${name}`), measured, ...(transcript ? { referenceText: transcript } : {}) }
    },
    clones: true,
    describe: { 'zh-CN': `GPT-SoVITS（${new URL(config.baseUrl).host}）：以录音克隆说话人的声音`, 'en-US': `GPT-SoVITS (${new URL(config.baseUrl).host}): the speaker's own voice, cloned from the recording` },
  }
}

/** A pause in speech: this quiet for this long. A breath between sentences; shorter gaps are within one. */
const PAUSE = { noiseDb: -35, seconds: 0.35 }

/**
 * Where the sample's first words end: the start of its first pause after REFERENCE_SECONDS.min
 * (ffmpeg's silencedetect), or the end of the speech when it stops before any. Past
 * REFERENCE_SECONDS.max when there is no pause in time.
 */
async function firstWordsEnd(speech: string, spoken: number, signal?: AbortSignal): Promise<number> {
  const { stderr } = await runProcess(mediaCommands().ffmpeg, ['-hide_banner', '-nostdin', '-nostats', '-i', speech, '-af', `silencedetect=noise=${PAUSE.noiseDb}dB:d=${PAUSE.seconds}`, '-f', 'null', '-'], { signal })
  const starts = [...stderr.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Number(m[1]))
  const pause = starts.find((at) => at >= REFERENCE_SECONDS.min)
  return pause ?? spoken
}
