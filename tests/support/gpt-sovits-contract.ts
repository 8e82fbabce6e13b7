import { createServer, type Server } from 'node:http'
import { listenLocal } from './listen-local'
import { toneWav } from './tone-wav'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * GPT-SoVITS's api_v2 on 127.0.0.1, as its own code behaves (RVC-Boss/GPT-SoVITS at 48b1a01):
 *
 * - `api_v2.py` `check_params`: HTTP 400 `{ message }` for a missing ref_audio_path, text,
 *   text_lang or prompt_lang (in that order; "" counts as missing), a language the loaded version
 *   does not know ("text_lang: xx is not supported in version v4", the languages of TTS.py
 *   `TTS_Config.languages`, v1 fewer), an unknown media_type or text_split_method; `tts_handle`:
 *   a streaming_mode other than 0–3 or a bool.
 * - `api_v2.py` `tts_handle`: anything raised before the first audio is 400
 *   `{ message: "tts failed", Exception: str(e) }`: `TTS.run` asserts the language as sent, so "ZH"
 *   passes check_params and fails with an empty Exception; "<path> not exists" for a reference it
 *   cannot find (TTS.py `run`); the 3–10 s rule measured on the reference, worded in the server's
 *   locale, English by default (`_set_prompt_semantic`, tools/i18n); and, with v3 or v4 weights
 *   (use_vocoder), "prompt_text cannot be empty when using SoVITS_V3" for an empty prompt_text.
 * - `TTS.run`'s `except` and its empty-text branch: a synthesis that fails inside its loop (out of
 *   GPU memory; mode 'synthesis-fails') or a text that cleans to nothing (only punctuation) is
 *   answered 200 `audio/wav` with one second of zeros at 16 kHz, since api_v2 takes only the first
 *   item the generator yields.
 * - Output: `audio/wav`, PCM 16-bit mono at the version's rate: 32 kHz for v1, v2 and v2Pro,
 *   24 kHz for v3, 48 kHz for v4.
 * - Served by uvicorn with one worker, each synthesis run synchronously on its event loop: calls
 *   wait their turn in order and none is refused for being busy ('slow' makes each take seconds).
 *   A 503 comes only from a proxy in front of it ('proxy-busy'), and an HTML page only from a
 *   gateway ('gateway-page').
 * - FastAPI: 422 `{ detail: [...] }` for JSON that does not parse, 404 `{ detail: "Not Found" }`
 *   for an unknown path, 405 `{ detail: "Method Not Allowed" }` for a known path's other method.
 */
export type GptSovitsMode = 'ok' | 'slow' | 'synthesis-fails' | 'proxy-busy' | 'gateway-page' | 'broken-wav'
export type GptSovitsVersion = 'v1' | 'v2' | 'v2Pro' | 'v3' | 'v4'

export interface GptSovitsContract {
  url: string
  mode: GptSovitsMode
  /** The weights loaded: what it refuses, and the rate it answers at. */
  version: GptSovitsVersion
  references: Set<string>
  /** A folder it shares: a reference under `containerDir` is the file at the same place in `sharedDir`, refused as api_v2 refuses one outside 3 to 10 s. */
  shared?: { sharedDir: string; containerDir: string }
  /** Every /tts body received, parsed. */
  calls: Record<string, unknown>[]
  /** The most syntheses it was asked for at once (they run one after another). */
  mostAtOnce: number
  /** How long each synthesis takes in mode 'slow'. */
  slowMs: number
  /** Resolves once every synthesis asked for has ended: one a client gave up on still runs to its end. */
  settled(): Promise<void>
  close(): Promise<void>
}

const LANGUAGES_V1 = ['auto', 'en', 'zh', 'ja', 'all_zh', 'all_ja']
const LANGUAGES = ['auto', 'auto_yue', 'en', 'zh', 'ja', 'yue', 'ko', 'all_zh', 'all_ja', 'all_yue', 'all_ko']
const SPLIT_METHODS = ['cut0', 'cut1', 'cut2', 'cut3', 'cut4', 'cut5']
const RATES: Record<GptSovitsVersion, number> = { v1: 32000, v2: 32000, v2Pro: 32000, v3: 24000, v4: 48000 }

export async function startGptSovitsContract(): Promise<GptSovitsContract> {
  const state: Omit<GptSovitsContract, 'url' | 'close' | 'settled'> = { mode: 'ok', version: 'v2', references: new Set(), calls: [], mostAtOnce: 0, slowMs: 3000 }
  // One synthesis at a time, in the order asked, as one uvicorn worker running them synchronously.
  let turn: Promise<void> = Promise.resolve()
  let waiting = 0
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      const path = (req.url ?? '').split('?')[0]
      if (!['/tts', '/control', '/set_gpt_weights', '/set_sovits_weights', '/set_refer_audio'].includes(path!)) return json(404, { detail: 'Not Found' })
      if (path !== '/tts' || req.method !== 'POST') return json(405, { detail: 'Method Not Allowed' })
      if (state.mode === 'proxy-busy') return res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable')
      if (state.mode === 'gateway-page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Gateway login</body></html>')
      let body: Record<string, unknown>
      try {
        body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>
      } catch {
        return json(422, { detail: [{ type: 'json_invalid', loc: ['body', 0], msg: 'JSON decode error', input: {} }] })
      }
      state.calls.push(body)
      const refused = checkParams(body, state.version)
      if (refused) return json(400, { message: refused })
      waiting += 1
      state.mostAtOnce = Math.max(state.mostAtOnce, waiting)
      const mine = turn.then(async () => {
        if (state.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, state.slowMs))
        const answer = synthesize(body, state)
        if (!res.destroyed) answer(res)
      })
      turn = mine.finally(() => (waiting -= 1))
    })
  })
  const listening = await listenLocal(server)
  const contract = state as GptSovitsContract
  contract.url = listening.origin
  contract.close = listening.close
  contract.settled = () => turn
  return contract
}

type Answer = (res: import('node:http').ServerResponse) => void

/** TTS.run for one request: its refusals as tts_handle words them, or the audio. */
function synthesize(body: Record<string, unknown>, state: Omit<GptSovitsContract, 'url' | 'close' | 'settled'>): Answer {
  const failed = (exception: string): Answer => (res) => res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'tts failed', Exception: exception }))
  const wavAnswer = (audio: Buffer): Answer => (res) => res.writeHead(200, { 'content-type': 'audio/wav' }).end(audio)
  const languages = state.version === 'v1' ? LANGUAGES_V1 : LANGUAGES
  if (!languages.includes(String(body.text_lang)) || !languages.includes(String(body.prompt_lang))) return failed('')
  if ((state.version === 'v3' || state.version === 'v4') && (body.prompt_text === undefined || body.prompt_text === null || body.prompt_text === '')) {
    return failed('prompt_text cannot be empty when using SoVITS_V3')
  }
  const ref = String(body.ref_audio_path)
  const file = state.shared && ref.startsWith(`${state.shared.containerDir}/`) ? join(state.shared.sharedDir, ref.slice(state.shared.containerDir.length + 1)) : undefined
  if (!state.references.has(ref) && !(file && existsSync(file))) return failed(`${ref} not exists`)
  if (file) {
    const seconds = wavSeconds(readFileSync(file))
    if (seconds < 3 || seconds > 10) return failed('Reference audio is outside the 3-10 second range, please choose another one!')
  }
  // Nothing left to say once cleaned, or a failure inside the loop: a second of zeros at 16 kHz.
  if (!/[\p{L}\p{N}]/u.test(String(body.text)) || state.mode === 'synthesis-fails') return wavAnswer(toneWav(1, 16000, 0))
  const rate = RATES[state.version]
  if (state.mode === 'broken-wav') return wavAnswer(toneWav(1, rate, 180).subarray(0, 30))
  // Roughly as long as the text takes to say, slower or faster by speed_factor.
  const seconds = Math.max(0.5, [...String(body.text)].length / 5 / Number(body.speed_factor ?? 1))
  return wavAnswer(toneWav(seconds, rate, 180))
}

function checkParams(req: Record<string, unknown>, version: GptSovitsVersion): string | null {
  const given = (name: string) => req[name] !== undefined && req[name] !== null && req[name] !== ''
  const languages = version === 'v1' ? LANGUAGES_V1 : LANGUAGES
  if (!given('ref_audio_path')) return 'ref_audio_path is required'
  if (!given('text')) return 'text is required'
  if (!given('text_lang')) return 'text_lang is required'
  if (!languages.includes(String(req.text_lang).toLowerCase())) return `text_lang: ${String(req.text_lang)} is not supported in version ${version}`
  if (!given('prompt_lang')) return 'prompt_lang is required'
  if (!languages.includes(String(req.prompt_lang).toLowerCase())) return `prompt_lang: ${String(req.prompt_lang)} is not supported in version ${version}`
  if (!['wav', 'raw', 'ogg', 'aac'].includes(String(req.media_type ?? 'wav'))) return `media_type: ${String(req.media_type)} is not supported`
  if (!SPLIT_METHODS.includes(String(req.text_split_method ?? 'cut5'))) return `text_split_method:${String(req.text_split_method)} is not supported`
  const streaming = req.streaming_mode ?? false
  if (![false, true, 0, 1, 2, 3].includes(streaming as number | boolean)) return 'the value of streaming_mode must be 0, 1, 2, 3(int) or true/false(bool)'
  return null
}

/** The length of a PCM WAV file, from its header: bytes of data over bytes a second. */
function wavSeconds(file: Buffer): number {
  const dataAt = file.indexOf('data', 12, 'latin1')
  if (file.subarray(0, 4).toString('latin1') !== 'RIFF' || dataAt < 0) return 0
  return file.readUInt32LE(dataAt + 4) / file.readUInt32LE(28)
}
