import { writeFile, rm } from 'node:fs/promises'
import { probeMedia } from '../../media/probe'
import { malformed, postJson } from '../vendor-http'
import { SPEED_RANGE } from './local'
import type { SpeechProvider } from './speech-provider'

export interface GptSovitsConfig {
  /** Where its api_v2 server listens, e.g. http://10.0.0.5:9880. */
  baseUrl: string
  timeoutMs: number
}

const VENDOR = 'GPT-SoVITS'
/** Our languages as api_v2 names them. */
const LANGUAGES = { cmn: 'zh', en: 'en' } as const

/**
 * A voice of GPT-SoVITS: the reference recording, as a path on the GPT-SoVITS server, and the
 * language spoken in it. `gpt-sovits:zh:/data/refs/shop-7.wav`.
 */
export function gptSovitsVoice(language: keyof typeof LANGUAGES, referencePath: string): string {
  return `gpt-sovits:${LANGUAGES[language]}:${referencePath}`
}

function parseVoice(voice: string): { lang: string; ref: string } | null {
  const match = /^gpt-sovits:(zh|en):(.+)$/.exec(voice)
  return match ? { lang: match[1]!, ref: match[2]! } : null
}

/**
 * GPT-SoVITS's api_v2 (`POST /tts`): text spoken in the voice of a reference recording, answered
 * as WAV, or HTTP 400 with { message } when the request is refused.
 */
export function gptSovitsSpeech(config: GptSovitsConfig): SpeechProvider {
  return {
    async speak({ text, voice, speed, output, signal }) {
      const parsed = parseVoice(voice)
      if (!parsed) throw new RangeError(`speech: "${voice}" is not a GPT-SoVITS voice`)
      const textLang = /[\u4e00-\u9fff]/.test(text) ? 'zh' : 'en'
      const response = await postJson(
        VENDOR,
        config.baseUrl,
        '/tts',
        {
          text,
          text_lang: textLang,
          ref_audio_path: parsed.ref,
          prompt_lang: parsed.lang,
          prompt_text: '',
          media_type: 'wav',
          streaming_mode: false,
          speed_factor: Math.round(((speed ?? SPEED_RANGE.default) / SPEED_RANGE.default) * 100) / 100,
        },
        config.timeoutMs,
        signal,
      )
      const audio = Buffer.from(await response.arrayBuffer())
      if (audio.subarray(0, 4).toString('latin1') !== 'RIFF' || audio.subarray(8, 12).toString('latin1') !== 'WAVE') {
        throw malformed(VENDOR, `/tts answered ${response.headers.get('content-type') ?? 'no type'} (${audio.length} bytes), not a WAV file`)
      }
      await writeFile(output, audio)
      try {
        return { durationSeconds: (await probeMedia(output, { signal })).duration }
      } catch {
        await rm(output, { force: true })
        throw malformed(VENDOR, '/tts answered a WAV file that cannot be read')
      }
    },
    async voices() {
      // Its voices are the clones made with it: each a reference recording.
      return []
    },
    describe: { 'zh-CN': `GPT-SoVITS（${new URL(config.baseUrl).host}）：以参考录音克隆的声音`, 'en-US': `GPT-SoVITS (${new URL(config.baseUrl).host}): a voice cloned from a reference recording` },
  }
}
