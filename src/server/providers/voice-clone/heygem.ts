import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runFfmpeg } from '../../media/run-ffmpeg'
import { TaskFailure } from '../../tasks/task-handler'
import { malformed, postJson, said } from '../vendor-http'
import { HEYGEM_VOICE, heyGemVoiceId, type HeyGemVoiceConfig, type HeyGemVoiceFile } from '../speech/heygem'
import { listenTo } from './local'
import type { VoiceCloneProvider } from './voice-clone-provider'

/** Our languages as its preprocessing names them. */
const LANGUAGES = { cmn: 'zh', en: 'en' } as const

/**
 * HeyGem's voice service (fish-speech, with an ASR beside it): a real zero-shot clone. The
 * sample, listened to as every provider does, goes into the folder the service shares with this
 * platform as 16 kHz mono WAV; `POST /v1/preprocess_and_tran` cleans it and writes down what is
 * said in it. That reference and its words are the voice, kept beside the recording; each
 * sentence spoken with it goes to `POST /v1/invoke` with them.
 */
export function heyGemVoiceClone(config: HeyGemVoiceConfig): VoiceCloneProvider {
  return {
    async clone({ sample, language, workDir, signal }) {
      const measured = await listenTo(sample, workDir, signal)
      const id = randomUUID()
      await mkdir(join(config.sharedDir, 'origin_audio'), { recursive: true })
      await runFfmpeg(['-i', sample, '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', join(config.sharedDir, 'origin_audio', `${id}.wav`)], { signal })
      const response = await postJson(HEYGEM_VOICE, config.baseUrl, '/v1/preprocess_and_tran', { format: 'wav', reference_audio: `origin_audio/${id}.wav`, lang: LANGUAGES[language] }, config.timeoutMs, signal)
      const text = await response.text()
      let answer: { code?: unknown; msg?: unknown; asr_format_audio_url?: unknown; reference_audio_text?: unknown }
      try {
        answer = JSON.parse(text) as typeof answer
      } catch {
        throw malformed(HEYGEM_VOICE, `/v1/preprocess_and_tran answered ${text.slice(0, 60) || 'nothing'} instead of JSON`)
      }
      if (answer.code !== 0) {
        // Its usual failure is its speech recognition being unreachable: a passing one.
        throw new TaskFailure(said(`HeyGem 声音服务无法处理样本（应答码 ${String(answer.code)}：${String(answer.msg ?? '没有说明原因')}），稍后会重试。`, `HeyGem's voice service could not prepare the sample (code ${String(answer.code)}: ${String(answer.msg ?? 'no reason given')}); it will be tried again.`), true)
      }
      if (typeof answer.asr_format_audio_url !== 'string' || typeof answer.reference_audio_text !== 'string') {
        throw malformed(HEYGEM_VOICE, `/v1/preprocess_and_tran answered ${text.slice(0, 120)}`)
      }
      const voice: HeyGemVoiceFile = { reference_audio: answer.asr_format_audio_url, reference_text: answer.reference_audio_text }
      await mkdir(join(config.sharedDir, 'voices'), { recursive: true })
      await writeFile(join(config.sharedDir, 'voices', `${id}.json`), JSON.stringify(voice))
      return { voiceId: heyGemVoiceId(id), measured }
    },
    clones: true,
    describe: { 'zh-CN': `HeyGem 声音服务（${new URL(config.baseUrl).host}）：以录音克隆说话人的声音`, 'en-US': `HeyGem's voice service (${new URL(config.baseUrl).host}): the speaker's own voice, cloned from the recording` },
  }
}
