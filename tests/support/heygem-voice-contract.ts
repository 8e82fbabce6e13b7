import { createServer, type Server } from 'node:http'
import { toneWav } from './tone-wav'
import { copyFileSync, existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { listenLocal } from './listen-local'

/** How the service answers: as its own client expects, or as a service in trouble does. */
export type HeyGemVoiceMode = 'ok' | 'asr-down' | 'busy' | 'malformed' | 'hangs'

/**
 * HeyGem's voice service (its TTS container) on 127.0.0.1, as HeyGem's own client calls it.
 * POST /v1/preprocess_and_tran { format, reference_audio (relative to its data folder, here
 * `sharedDir`), lang } → { code: 0, asr_format_audio_url, reference_audio_text }, or { code: -1,
 * msg } when its speech recognition is unreachable. POST /v1/invoke { speaker, text, format,
 * reference_audio, reference_text, … } → WAV bytes. What it "says" is a tone as long as the
 * text would take: a real WAV of the shape the real one sends, not a real voice.
 */
export interface HeyGemVoiceContract {
  url: string
  sharedDir: string
  mode: HeyGemVoiceMode
  /** What it writes down as said in every sample. */
  transcript: string
  preprocessed: Record<string, unknown>[]
  invoked: Record<string, unknown>[]
  close(): Promise<void>
}

export async function startHeyGemVoiceContract(sharedDir: string): Promise<HeyGemVoiceContract> {
  const references = new Set<string>()
  const state = { sharedDir, mode: 'ok' as HeyGemVoiceMode, transcript: 'The quick brown fox jumps over the lazy dog.', preprocessed: [] as Record<string, unknown>[], invoked: [] as Record<string, unknown>[] }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      if (state.mode === 'hangs') return
      if (state.mode === 'busy') return res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable')
      let body: Record<string, unknown>
      try {
        body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>
      } catch {
        return json(422, { detail: 'JSON decode error' })
      }
      if (req.method === 'POST' && req.url === '/v1/preprocess_and_tran') {
        state.preprocessed.push(body)
        if (state.mode === 'asr-down') return json(200, { code: -1, msg: "'NoneType' object has no attribute 'send'" })
        if (state.mode === 'malformed') return json(200, { code: 0, msg: 'ok' })
        const source = join(sharedDir, String(body.reference_audio ?? ''))
        if (!body.reference_audio || !existsSync(source)) return json(200, { code: -1, msg: `[Errno 2] No such file or directory: '/code/data/${String(body.reference_audio)}'` })
        mkdirSync(join(sharedDir, 'format_audio'), { recursive: true })
        const formatted = `format_audio/${String(body.reference_audio).split('/').pop()!.replace(/\.wav$/, '')}_format.wav`
        copyFileSync(source, join(sharedDir, formatted))
        references.add(`/code/data/${formatted}`)
        return json(200, { code: 0, asr_format_audio_url: `/code/data/${formatted}`, reference_audio_text: state.transcript })
      }
      if (req.method === 'POST' && req.url === '/v1/invoke') {
        state.invoked.push(body)
        if (!body.text || !references.has(String(body.reference_audio)) || body.reference_text !== state.transcript) return json(500, { detail: 'reference audio not found' })
        if (state.mode === 'malformed') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>')
        return res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav(Math.max(0.5, [...String(body.text)].length / 12)))
      }
      json(404, { detail: 'Not Found' })
    })
  })
  const listening = await listenLocal(server)
  const contract = state as HeyGemVoiceContract
  contract.url = `${listening.origin}`
  contract.close = listening.close
  return contract
}

/** fish-speech writes 44.1 kHz mono WAV. */
function wav(seconds: number): Buffer {
  return toneWav(seconds, 44100, 160)
}
