import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { probeMedia } from '../../media/probe'
import { runFfmpeg } from '../../media/run-ffmpeg'
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
 * its first nine seconds of speech become the voice's reference recording, written as 32 kHz
 * mono WAV into the folder GPT-SoVITS shares with this platform. The voice is that recording:
 * each sentence spoken with it goes to api_v2's /tts with the recording's path.
 */
export function gptSovitsVoiceClone(config: GptSovitsCloneConfig): VoiceCloneProvider {
  return {
    async clone({ sample, language, workDir, signal }) {
      const measured = await listenTo(sample, workDir, signal)
      const name = `${randomUUID()}.wav`
      await mkdir(join(config.sharedDir, 'voices'), { recursive: true })
      const reference = join(config.sharedDir, 'voices', name)
      await runFfmpeg(['-i', sample, '-vn', '-af', LEADING_SILENCE, '-t', String(KEPT_SECONDS), '-ac', '1', '-ar', '32000', '-c:a', 'pcm_s16le', reference], { signal })
      const kept = await probeMedia(reference, { signal })
      if (kept.duration < REFERENCE_SECONDS.min) {
        throw new SampleRefused({
          'zh-CN': `去掉静音后样本只剩 ${kept.duration.toFixed(1)} 秒人声，至少需要 ${REFERENCE_SECONDS.min} 秒。`,
          'en-US': `Without its silence the sample holds only ${kept.duration.toFixed(1)} s of speech; at least ${REFERENCE_SECONDS.min} s are needed.`,
        })
      }
      return { voiceId: gptSovitsVoice(language, `${config.containerDir.replace(/\/+$/, '')}/voices/${name}`), measured }
    },
    clones: true,
    describe: { 'zh-CN': `GPT-SoVITS（${new URL(config.baseUrl).host}）：以录音克隆说话人的声音`, 'en-US': `GPT-SoVITS (${new URL(config.baseUrl).host}): the speaker's own voice, cloned from the recording` },
  }
}
