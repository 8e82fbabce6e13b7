import { randomUUID } from 'node:crypto'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { probeMedia } from '../../media/probe'
import { runFfmpeg } from '../../media/run-ffmpeg'
import { TaskFailure } from '../../errors/task-failure'
import { malformed, postJson, said } from '../vendor-http'
import { SPEED_RANGE } from './local'
import type { SpeechProvider } from './speech-provider'

export const HEYGEM_VOICE = 'HeyGem voice'

export interface HeyGemVoiceConfig {
  /** Its voice service, e.g. http://10.0.0.5:18180. */
  baseUrl: string
  /** This machine's folder that the service sees as its data folder (/code/data). */
  sharedDir: string
  timeoutMs: number
}

/** What a HeyGem voice is, kept beside its recording: the reference its preprocessing made, and the words said in it. */
export interface HeyGemVoiceFile {
  reference_audio: string
  reference_text: string
}

export function heyGemVoiceId(id: string): string {
  return `heygem:${id}`
}

function voiceFileId(voice: string): string | null {
  return /^heygem:([0-9a-f-]{36})$/.exec(voice)?.[1] ?? null
}

/**
 * HeyGem's voice service (`POST /v1/invoke`): text said in a cloned voice, answered as WAV.
 * It has no speed of its own: a speed other than the usual is applied to what it says.
 */
export function heyGemSpeech(config: HeyGemVoiceConfig): SpeechProvider {
  return {
    async speak({ text, voice, speed, output, signal }) {
      const id = voiceFileId(voice)
      if (!id) throw new RangeError(`speech: "${voice}" is not a HeyGem voice`)
      let reference: HeyGemVoiceFile
      try {
        reference = JSON.parse(await readFile(join(config.sharedDir, 'voices', `${id}.json`), 'utf8')) as HeyGemVoiceFile
      } catch {
        throw new TaskFailure(said(`找不到声音 ${id} 的参考录音：共享目录 ${config.sharedDir} 是否仍是 HeyGem 声音服务的数据目录？`, `The reference of voice ${id} is missing: is ${config.sharedDir} still the data folder of HeyGem's voice service?`))
      }
      // As HeyGem's official client asks for speech (voice.js makeAudio): a fresh speaker for each
      // call, and is_norm 1 since its commit cb5ff42 (its README still shows 0). A long sample's
      // reference is several pieces joined with '|||', sent as preprocessing answered it.
      const response = await postJson(
        HEYGEM_VOICE,
        config.baseUrl,
        '/v1/invoke',
        {
          speaker: randomUUID(),
          text,
          format: 'wav',
          topP: 0.7,
          max_new_tokens: 1024,
          chunk_length: 100,
          repetition_penalty: 1.2,
          temperature: 0.7,
          need_asr: false,
          streaming: false,
          is_fixed_seed: 0,
          is_norm: 1,
          reference_audio: reference.reference_audio,
          reference_text: reference.reference_text,
        },
        config.timeoutMs,
        signal,
      )
      const audio = Buffer.from(await response.arrayBuffer())
      if (audio.subarray(0, 4).toString('latin1') !== 'RIFF' || audio.subarray(8, 12).toString('latin1') !== 'WAVE') {
        throw malformed(HEYGEM_VOICE, `/v1/invoke answered ${response.headers.get('content-type') ?? 'no type'} (${audio.length} bytes), not a WAV file`)
      }
      const tempo = (speed ?? SPEED_RANGE.default) / SPEED_RANGE.default
      const raw = Math.abs(tempo - 1) < 0.01 ? output : `${output}.raw.wav`
      await writeFile(raw, audio)
      try {
        if (raw !== output) {
          await runFfmpeg(['-i', raw, '-af', `atempo=${Math.min(2, Math.max(0.5, tempo)).toFixed(3)}`, output], { signal })
          await rm(raw, { force: true })
        }
        return { durationSeconds: (await probeMedia(output, { signal })).duration }
      } catch (error) {
        await rm(raw, { force: true })
        if (signal?.aborted) throw error
        throw malformed(HEYGEM_VOICE, '/v1/invoke answered a WAV file that cannot be read')
      }
    },
    async voices() {
      // Its voices are the clones made with it.
      return []
    },
    describe: { 'zh-CN': `HeyGem 声音服务（${new URL(config.baseUrl).host}）：克隆的声音`, 'en-US': `HeyGem's voice service (${new URL(config.baseUrl).host}): a cloned voice` },
  }
}
