import { writeFile, rm } from 'node:fs/promises'
import { probeMedia } from '../../media/probe'
import { malformed, postJson, said } from '../vendor-http'
import { TaskFailure } from '../../errors/task-failure'
import { expectedSeconds, hasWords, SILENT_PEAK_DB } from './spoken-audio'
import { readPcmWav } from '../../media/pcm-wav'
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
 * as WAV, or HTTP 400 with { message, Exception } when the request is refused. The reference is
 * read with its words where the voice kept them (prompt_text): v3 and v4 weights refuse it
 * without them, v1 and v2 then run reference-free and carry only the timbre. What comes back is
 * measured, since api_v2 answers a failed synthesis with 200 and a second of silence.
 */
export function gptSovitsSpeech(config: GptSovitsConfig): SpeechProvider {
  return {
    async speak({ text, voice, speed, output, signal, referenceText }) {
      const parsed = parseVoice(voice)
      if (!parsed) throw new RangeError(`speech: "${voice}" is not a GPT-SoVITS voice`)
      if (!hasWords(text)) throw new TaskFailure(said(`“${text.slice(0, 40)}”中没有可读的文字。`, `"${text.slice(0, 40)}" holds no words to say.`))
      const textLang = /[\u4e00-\u9fff]/.test(text) ? 'zh' : 'en'
      const speedFactor = Math.round(((speed ?? SPEED_RANGE.default) / SPEED_RANGE.default) * 100) / 100
      let response: Response
      try {
        response = await postJson(
          VENDOR,
          config.baseUrl,
          '/tts',
          {
            text,
            text_lang: textLang,
            ref_audio_path: parsed.ref,
            prompt_lang: parsed.lang,
            prompt_text: referenceText ?? '',
            media_type: 'wav',
            streaming_mode: false,
            speed_factor: speedFactor,
          },
          config.timeoutMs,
          signal,
        )
      } catch (error) {
        if (error instanceof TaskFailure && NO_PROMPT.test(error.reason['en-US'])) throw needsReferenceText()
        throw error
      }
      const audio = Buffer.from(await response.arrayBuffer())
      const heard = readPcmWav(audio)
      if (!heard) throw malformed(VENDOR, `/tts answered ${response.headers.get('content-type') ?? 'no type'} (${audio.length} bytes), not a WAV file`)
      if (heard.peakDb < SILENT_PEAK_DB) {
        throw new TaskFailure(said(
          `GPT-SoVITS 返回了 ${heard.seconds.toFixed(1)} 秒静音：它的合成失败了（例如显存不足），稍后会重试。`,
          `GPT-SoVITS answered ${heard.seconds.toFixed(1)} s of silence: its synthesis failed (out of GPU memory, for example); it will be tried again.`,
        ), true)
      }
      const expected = expectedSeconds(text) / speedFactor
      if (expected >= 2.5 && heard.seconds < expected * 0.3) {
        throw new TaskFailure(said(
          `GPT-SoVITS 只返回了 ${heard.seconds.toFixed(1)} 秒语音，而这段文字约需 ${expected.toFixed(0)} 秒，稍后会重试。`,
          `GPT-SoVITS answered ${heard.seconds.toFixed(1)} s of speech for a text that takes about ${expected.toFixed(0)} s; it will be tried again.`,
        ), true)
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

/** What TTS.py raises for v3 and v4 weights (both say V3) when prompt_text is empty. */
const NO_PROMPT = /prompt_text cannot be empty/

function needsReferenceText(): TaskFailure {
  return new TaskFailure(said(
    'GPT-SoVITS 加载的是 v3/v4 模型，需要声音参考录音的原话，而这个声音没有保存原话：请重新克隆这个声音，并填写样本开头所说的话（在录音对话框中录制会自动填写）。',
    'GPT-SoVITS runs v3/v4 weights, which need the words of the voice\'s reference recording, and this voice has none: clone it again with the words the sample begins with (recording it in the dialog fills them in).',
  ))
}

/**
 * The weights' version the api_v2 server has loaded. No endpoint says it; a language it does not
 * know is refused by check_params with "text_lang: xx is not supported in version v4" before any
 * synthesis, so that refusal is asked for. null when the server words it otherwise (releases
 * before March 2025 name no version).
 */
export async function gptSovitsVersion(config: GptSovitsConfig, signal?: AbortSignal): Promise<string | null> {
  try {
    await postJson(VENDOR, config.baseUrl, '/tts', { text: 'version', text_lang: 'xx', ref_audio_path: 'version', prompt_lang: 'zh' }, config.timeoutMs, signal)
  } catch (error) {
    if (!(error instanceof TaskFailure) || error.retry) throw error
    return /not supported in version (\w+)/.exec(error.reason['en-US'])?.[1] ?? null
  }
  return null
}

/** Weights that read a voice's reference only with its words (TTS.py: use_vocoder). */
export function needsWords(version: string | null): boolean {
  return version === 'v3' || version === 'v4'
}
