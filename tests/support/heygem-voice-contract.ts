import { randomUUID } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { basename, dirname, join, posix } from 'node:path'
import { probeMedia, type MediaInfo } from '../../src/server/media/probe'
import { runFfmpeg } from '../../src/server/media/run-ffmpeg'
import { listenLocal } from './listen-local'
import { toneWav } from './tone-wav'

/**
 * HeyGem's voice service (`guiji2025/fish-speech-ziming`, `tools/api_server.py`) on 127.0.0.1,
 * answering as the vendor does, never as our client would like. Where each behaviour comes from:
 *
 * - Official client, github.com/duixcom/Duix.Heygem at 8fd428d: `src/main/service/voice.js`
 *   (train: `{ format, reference_audio, lang }` with the sample's path relative to the service's
 *   data folder, `code !== 0` a failure, else `asr_format_audio_url` and `reference_audio_text`
 *   kept; makeAudio: the /v1/invoke body, `is_norm: 1` since commit cb5ff42, a fresh
 *   `randomUUID()` as speaker, the answer written as a .wav file), `src/main/api/tts.js` (the
 *   answer read as bytes), `deploy/docker-compose.yml` (voice/data mounted as /code/data, port
 *   18180), and `doc/常见问题.md` (the log of a preprocess with its speech recognition not up:
 *   `/code/data/origin_audio/format_denoise_<n>.wav`, then
 *   `{'code': -1, 'msg': "'NoneType' object has no attribute 'send'"}`).
 * - The server, from public copies of `tools/server/views_guiji.py` and `util/wav_util.py` (it is
 *   closed source; the copy's structure matches the traceback in that doc): preprocess answering
 *   HTTP 400 without reference_audio or lang; a name that is no URL read as
 *   `/code/data/<reference_audio>`, `{code:-1,msg:'file not exists'}` when absent; clean_wav
 *   writing `format_<n>.wav` beside it (and deleting the original), then `denoise_<n>.wav` and
 *   `format_denoise_<n>.wav` (deleting `denoise_<n>.wav`); split_audio keeping a sample under
 *   20 s whole, and cutting a longer one into at most two pieces of 10 to 20 s written to its
 *   session folder as `<name>_part<i>.wav`; each piece through speech recognition, the pieces
 *   with words answered `{code:0,msg:'success',reference_audio_text,asr_format_audio_url}` joined
 *   with '|||', none `{code:-1,msg:'asr failed'}`, any exception `{code:-1,msg:str(e)}`, all with
 *   HTTP 200. Invoke answering 400 for text over its limit, for streaming other than WAV, for
 *   '|||' pieces whose counts differ ('reference_audio and reference_text is not match') and for
 *   a reference under 200 bytes; each reference opened as given, a missing one an unhandled error
 *   (HTTP 500); the speech as WAV bytes, `Content-Disposition: attachment; filename=audio.wav`.
 *
 * Not known and chosen here: its session folder is `/code/sessions/<yyyymmdd>/<session>` (as in
 * wav_util's own example), which is inside the container only, kept here in a folder of its own;
 * a longer sample is cut in two halves of at most 20 s where the real one cuts at silences; its
 * speech recognition hears `transcript` in every piece; an invoke body that is not JSON gets 422;
 * the 500 body is the ASGI server's plain 'Internal Server Error'. What it "says" is a tone as
 * long as the text would take, at fish-speech 1.5's 44.1 kHz: a real WAV, not a real voice.
 */
export interface HeyGemVoiceContract {
  url: string
  sharedDir: string
  /**
   * How it behaves, as documented: 'asr-down' its speech recognition (FunASR) is not up yet;
   * 'hears-nothing' its speech recognition hears no words; 'fault' every call fails inside the
   * server (HTTP 500); 'hangs' it never answers. 'wrong-service' is no HeyGem: something else
   * answers at its address (a proxy's login page).
   */
  mode: HeyGemVoiceMode
  /** What its speech recognition writes down for every piece of a sample. */
  transcript: string
  /** Its `max_text_length`; 0 for none, its default. */
  maxTextLength: number
  preprocessed: Record<string, unknown>[]
  /** Each sample it was given to preprocess, as it found it before cleaning it. */
  samples: MediaInfo[]
  invoked: Record<string, unknown>[]
  close(): Promise<void>
}

export type HeyGemVoiceMode = 'ok' | 'asr-down' | 'hears-nothing' | 'fault' | 'hangs' | 'wrong-service'

const DATA = '/code/data'
const SESSIONS = '/code/sessions'
/** Its speech recognition's websocket, never opened when FunASR is not up (asr_fun.py). */
const ASR_DOWN = "'NoneType' object has no attribute 'send'"
const SPLIT_SECONDS = 20

class Refusal extends Error {
  constructor(readonly status: number, message: string) {
    super(message)
  }
}

export async function startHeyGemVoiceContract(sharedDir: string): Promise<HeyGemVoiceContract> {
  // Files only the container sees: its session folders.
  const sessions = mkdtempSync(join(tmpdir(), 'heygem-voice-sessions-'))
  const state = {
    sharedDir,
    mode: 'ok' as HeyGemVoiceMode,
    transcript: 'The quick brown fox jumps over the lazy dog.',
    maxTextLength: 0,
    preprocessed: [] as Record<string, unknown>[],
    samples: [] as MediaInfo[],
    invoked: [] as Record<string, unknown>[],
  }
  /** A path inside the container, as this machine holds it; null where nothing is. */
  const local = (path: string): string | null => {
    const absolute = posix.resolve('/code', path)
    if (absolute.startsWith(`${DATA}/`)) return join(sharedDir, absolute.slice(DATA.length + 1))
    if (absolute.startsWith(`${SESSIONS}/`)) return join(sessions, absolute.slice(SESSIONS.length + 1))
    return null
  }
  const inContainer = (path: string) => (path.startsWith(sessions) ? `${SESSIONS}${path.slice(sessions.length)}` : `${DATA}${path.slice(sharedDir.length)}`)

  /** wav_util.format_wav: 16 kHz s16le as `format_<name>` beside it, the input deleted. */
  const formatWav = async (path: string): Promise<string> => {
    const formatted = join(dirname(path), `format_${basename(path)}`)
    try {
      await runFfmpeg(['-i', path, '-ar', '16000', '-c:a', 'pcm_s16le', '-y', formatted])
    } catch {
      throw new Error('clean_wav failed:format failed: fail to format')
    }
    rmSync(path)
    return formatted
  }

  const preprocess = async (body: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const session = join(sessions, new Date().toISOString().slice(0, 10).replace(/-/g, ''), randomUUID().replace(/-/g, ''))
    mkdirSync(session, { recursive: true })
    const reference = String(body.reference_audio)
    if (reference.startsWith('http')) throw new Error('audio download failed')
    const raw = local(`${DATA}/${reference}`)
    if (!raw || !existsSync(raw)) throw new Error('file not exists')
    state.samples.push(await probeMedia(raw).catch(() => ({}) as MediaInfo))
    // clean_wav: formatted, denoised, formatted again. Without its denoiser the second format is
    // a copy; denoise_<n>.wav, which it deletes once formatted, is never written. What remains is
    // what it leaves: format_<n>.wav and format_denoise_<n>.wav.
    const formatted = await formatWav(raw)
    const cleaned = join(dirname(raw), `format_denoise_${basename(raw)}`)
    copyFileSync(formatted, cleaned)
    // split_audio
    const seconds = wavSeconds(readFileSync(cleaned))
    let pieces = [cleaned]
    if (seconds >= SPLIT_SECONDS) {
      const length = Math.min(SPLIT_SECONDS, seconds / 2)
      pieces = [0, 1].map((i) => join(session, `${basename(cleaned, '.wav')}_part${i}.wav`))
      for (const [i, piece] of pieces.entries()) await runFfmpeg(['-ss', String(i * length), '-t', String(length), '-i', cleaned, '-c:a', 'pcm_s16le', '-y', piece])
    }
    const heard: { path: string; text: string }[] = []
    for (const piece of pieces) {
      if (state.mode === 'asr-down') throw new Error(ASR_DOWN)
      const text = state.mode === 'hears-nothing' ? '' : state.transcript
      if (text.trim()) heard.push({ path: inContainer(piece), text })
    }
    if (heard.length === 0) return { code: -1, msg: 'asr failed' }
    return { code: 0, msg: 'success', reference_audio_text: heard.map((h) => h.text).join('|||'), asr_format_audio_url: heard.map((h) => h.path).join('|||') }
  }

  /** build_references: '|||' pieces paired with their words, each file read as given. */
  const checkReferences = (audio: unknown, text: unknown): void => {
    const audios = String(audio).split('|||')
    if (audios.length > 1 && audios.length !== String(text).split('|||').length) throw new Refusal(400, 'reference_audio and reference_text is not match')
    for (const path of audios) {
      if (path.startsWith('http')) throw new Refusal(400, 'reference_audio is not valid')
      const file = typeof audio === 'string' ? local(path) : null
      if (!file || !existsSync(file)) throw new Refusal(500, 'Internal Server Error')
      if (statSync(file).size < 200) throw new Refusal(400, 'reference_audio is not valid len<200')
    }
  }

  const handle = async (req: IncomingMessage, res: ServerResponse, raw: Buffer): Promise<void> => {
    const json = (status: number, body: unknown) => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    const text = (status: number, body: string) => void res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body)
    if (state.mode === 'hangs') return
    if (state.mode === 'fault') return text(500, 'Internal Server Error')
    if (state.mode === 'wrong-service') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body><form action="/login">Sign in</form></body></html>')
    let body: Record<string, unknown>
    try {
      body = JSON.parse(raw.toString()) as Record<string, unknown>
    } catch {
      return json(422, { detail: 'JSON decode error' })
    }
    if (req.method === 'POST' && req.url === '/v1/preprocess_and_tran') {
      state.preprocessed.push(body)
      if (!body.reference_audio || !body.lang) return text(400, 'reference_audio or lang is needed')
      try {
        return json(200, await preprocess(body))
      } catch (error) {
        return json(200, { code: -1, msg: (error as Error).message })
      }
    }
    if (req.method === 'POST' && req.url === '/v1/invoke') {
      state.invoked.push(body)
      const said = String(body.text ?? '')
      if (state.maxTextLength > 0 && said.length > state.maxTextLength) return text(400, `Text is too long, max length is ${state.maxTextLength}`)
      if (body.streaming && body.format !== 'wav') return text(400, 'Streaming only supports WAV format')
      try {
        checkReferences(body.reference_audio, body.reference_text)
      } catch (error) {
        if (error instanceof Refusal) return text(error.status, error.message)
        throw error
      }
      return void res
        .writeHead(200, { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename=audio.wav' })
        .end(toneWav(Math.max(0.5, [...said].length / 12), 44100, 160))
    }
    json(404, { detail: 'Not Found' })
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => void handle(req, res, Buffer.concat(chunks)).catch((error: unknown) => void res.writeHead(500).end(String(error))))
  })
  const listening = await listenLocal(server)
  const contract = state as HeyGemVoiceContract
  contract.url = listening.origin
  contract.close = async () => {
    await listening.close()
    rmSync(sessions, { recursive: true, force: true })
  }
  return contract
}

/** How long a PCM WAV file plays, from its fmt and data chunks. */
function wavSeconds(wav: Buffer): number {
  let bytesPerSecond = 0
  for (let at = 12; at + 8 <= wav.length; ) {
    const id = wav.toString('latin1', at, at + 4)
    const size = wav.readUInt32LE(at + 4)
    if (id === 'fmt ') bytesPerSecond = wav.readUInt32LE(at + 16)
    if (id === 'data') return bytesPerSecond ? Math.min(size, wav.length - at - 8) / bytesPerSecond : 0
    at += 8 + size + (size % 2)
  }
  return 0
}
