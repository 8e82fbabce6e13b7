import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runFfmpeg } from '../../media/run-ffmpeg'
import { TaskFailure } from '../../errors/task-failure'
import { malformed, postJson, said } from '../vendor-http'
import { HEYGEM_VOICE, heyGemVoiceId, type HeyGemVoiceConfig, type HeyGemVoiceFile } from '../speech/heygem'
import { listenTo } from './local'
import { SampleRefused, type VoiceCloneProvider } from './voice-clone-provider'

/** Between the pieces of a long sample, in both its references and their words (views_guiji.py). */
const PIECES = '|||'
/** Its speech recognition (FunASR) not connected yet, as it starts slowly: the websocket it writes to was never opened. */
const ASR_NOT_CONNECTED = "object has no attribute 'send'"

/** Our languages as its preprocessing names them. */
const LANGUAGES = { cmn: 'zh', en: 'en' } as const

/**
 * HeyGem's voice service (fish-speech, with an ASR beside it): a real zero-shot clone. The
 * sample, listened to as every provider does, goes into the folder the service shares with this
 * platform as 16 kHz mono WAV; `POST /v1/preprocess_and_tran` cleans it (deleting what it was
 * given) and writes down what is said in it. The references it made and their words are the
 * voice, kept in the shared folder's `voices/<id>.json`; each sentence spoken with it goes to
 * `POST /v1/invoke` with them.
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
      if (answer.code !== 0) throw preprocessFailure(String(answer.msg ?? ''), config)
      if (typeof answer.asr_format_audio_url !== 'string' || typeof answer.reference_audio_text !== 'string') {
        throw malformed(HEYGEM_VOICE, `/v1/preprocess_and_tran answered ${text.slice(0, 120)}`)
      }
      // A sample of 20 s or more comes back as pieces joined with '|||', paired with their words:
      // kept as they are, as /v1/invoke takes them, provided the pairs match (it refuses them otherwise).
      if (answer.asr_format_audio_url.split(PIECES).length !== answer.reference_audio_text.split(PIECES).length) {
        throw malformed(HEYGEM_VOICE, `/v1/preprocess_and_tran answered ${answer.asr_format_audio_url.split(PIECES).length} reference pieces for ${answer.reference_audio_text.split(PIECES).length} transcripts`)
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

/**
 * Why preprocessing failed, as final unless it may pass. Its answers (views_guiji.py): 'file not
 * exists' when the sample is not in its data folder, 'asr failed' when no words were heard in
 * it, its speech recognition's own error while that is not up yet, str(e) for anything else.
 */
function preprocessFailure(msg: string, config: HeyGemVoiceConfig): Error {
  if (msg.includes(ASR_NOT_CONNECTED)) {
    return new TaskFailure(said(`HeyGem 声音服务的语音识别尚未就绪（${msg}），稍后会重试。`, `HeyGem's voice service has no speech recognition yet (${msg}); it will be tried again.`), true)
  }
  if (msg === 'asr failed') {
    return new SampleRefused(said('HeyGem 声音服务没有在样本里听出任何话语（asr failed）：请上传或录制一段清楚说话的音频。', "HeyGem's voice service heard no words in the sample (asr failed): upload or record someone speaking clearly."))
  }
  if (msg === 'file not exists') {
    return new TaskFailure(said(
      `HeyGem 声音服务找不到交给它的样本（file not exists）：共享目录 ${config.sharedDir} 应是它的数据目录（容器内的 /code/data）。`,
      `HeyGem's voice service cannot find the sample handed to it (file not exists): the shared folder ${config.sharedDir} must be its data folder (/code/data in its container).`,
    ))
  }
  return new TaskFailure(said(`HeyGem 声音服务无法处理样本：${msg || '没有说明原因'}`, `HeyGem's voice service could not prepare the sample: ${msg || 'it gave no reason'}`))
}
