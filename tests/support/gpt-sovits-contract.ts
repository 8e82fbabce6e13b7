import { createServer, type Server } from 'node:http'
import { listenLocal } from './listen-local'
import { toneWav } from './tone-wav'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** How the server answers the next calls: as documented, or as a server in trouble does. */
export type GptSovitsMode = 'ok' | 'busy' | 'slow' | 'malformed' | 'broken-wav'

/**
 * GPT-SoVITS's api_v2 on 127.0.0.1, as its api_v2.py documents it: POST /tts with JSON, checked
 * as check_params checks it (HTTP 400 and { message } for a missing text, text_lang,
 * ref_audio_path or prompt_lang, an unknown language or media type), answered with WAV audio.
 * The reference recordings it knows are those in `references`; another path fails as the real
 * one does when it cannot open the file.
 */
export interface GptSovitsContract {
  url: string
  mode: GptSovitsMode
  references: Set<string>
  /** A folder it shares: a reference under `containerDir` is the file at the same place in `sharedDir`, refused as api_v2 refuses one outside 3 to 10 s. */
  shared?: { sharedDir: string; containerDir: string }
  /** Every /tts body received, parsed. */
  calls: Record<string, unknown>[]
  close(): Promise<void>
}

const LANGUAGES = ['auto', 'zh', 'en', 'ja', 'ko', 'yue', 'all_zh', 'all_ja', 'all_yue', 'all_ko', 'auto_yue']

export async function startGptSovitsContract(): Promise<GptSovitsContract> {
  const state: Omit<GptSovitsContract, 'url' | 'close'> = { mode: 'ok', references: new Set(), calls: [] }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      if (req.method !== 'POST' || req.url !== '/tts') return json(404, { detail: 'Not Found' })
      let body: Record<string, unknown>
      try {
        body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>
      } catch {
        return json(422, { detail: [{ type: 'json_invalid', msg: 'JSON decode error' }] })
      }
      state.calls.push(body)
      const refused = checkParams(body)
      if (refused) return json(400, { message: refused })
      const ref = String(body.ref_audio_path)
      const file = state.shared && ref.startsWith(`${state.shared.containerDir}/`) ? join(state.shared.sharedDir, ref.slice(state.shared.containerDir.length + 1)) : undefined
      if (!state.references.has(ref) && !(file && existsSync(file))) return json(400, { message: 'tts failed', Exception: `[Errno 2] No such file or directory: '${ref}'` })
      if (file) {
        const seconds = wavSeconds(readFileSync(file))
        if (seconds < 3 || seconds > 10) return json(400, { message: 'tts failed', Exception: '参考音频在3~10秒范围外，请更换！' })
      }
      switch (state.mode) {
        case 'busy':
          return res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable')
        case 'slow':
          return void setTimeout(() => res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav(1)), 3000)
        case 'malformed':
          return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Gateway login</body></html>')
        case 'broken-wav':
          return res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav(1).subarray(0, 30))
        default: {
          // Roughly as long as the text would take to say, slower or faster by speed_factor.
          const seconds = Math.max(0.5, [...String(body.text)].length / 8 / Number(body.speed_factor ?? 1))
          return res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav(seconds))
        }
      }
    })
  })
  const listening = await listenLocal(server)
  const contract = state as GptSovitsContract
  contract.url = listening.origin
  contract.close = listening.close
  return contract
}

function checkParams(req: Record<string, unknown>): string | null {
  const given = (name: string) => req[name] !== undefined && req[name] !== null && req[name] !== ''
  if (!given('ref_audio_path')) return 'ref_audio_path is required'
  if (!given('text')) return 'text is required'
  if (!given('text_lang')) return 'text_lang is required'
  if (!LANGUAGES.includes(String(req.text_lang).toLowerCase())) return `text_lang: ${String(req.text_lang)} is not supported in version v2`
  if (!given('prompt_lang')) return 'prompt_lang is required'
  if (!LANGUAGES.includes(String(req.prompt_lang).toLowerCase())) return `prompt_lang: ${String(req.prompt_lang)} is not supported in version v2`
  if (!['wav', 'raw', 'ogg', 'aac'].includes(String(req.media_type ?? 'wav'))) return `media_type: ${String(req.media_type)} is not supported`
  const streaming = req.streaming_mode ?? false
  if (![false, true, 0, 1, 2, 3].includes(streaming as number | boolean)) return 'the value of streaming_mode must be 0, 1, 2, 3(int) or true/false(bool)'
  return null
}

/** api_v2 writes 32 kHz mono WAV. */
function wav(seconds: number): Buffer {
  return toneWav(seconds, 32000, 180)
}

/** The length of a PCM WAV file, from its header: bytes of data over bytes a second. */
function wavSeconds(file: Buffer): number {
  const dataAt = file.indexOf('data', 12, 'latin1')
  if (file.subarray(0, 4).toString('latin1') !== 'RIFF' || dataAt < 0) return 0
  return file.readUInt32LE(dataAt + 4) / file.readUInt32LE(28)
}
