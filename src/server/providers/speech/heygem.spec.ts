import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHeyGemVoiceContract, type HeyGemVoiceContract } from '../../../../tests/support/heygem-voice-contract'
import { makeTestSpeech } from '../../media/test-media'
import { TaskFailure } from '../../errors/task-failure'
import { heyGemVoiceClone } from '../voice-clone/heygem'
import { heyGemSpeech, type HeyGemVoiceFile } from './heygem'

describe("HeyGem's voice service: speech in a cloned voice, against a contract server", () => {
  let dir: string
  let shared: string
  let contract: HeyGemVoiceContract
  let voice: string
  const speech = () => heyGemSpeech({ baseUrl: contract.url, sharedDir: shared, timeoutMs: 10_000 })
  const say = (text = 'Hello.', output = join(dir, 'said.wav')) => speech().speak({ text, voice, output })
  const voiceFile = () => join(shared, 'voices', `${voice.slice('heygem:'.length)}.json`)
  const failure = async (work: () => Promise<unknown>) => {
    const error = await work().catch((e: unknown) => e)
    contract.mode = 'ok'
    expect(error).toBeInstanceOf(TaskFailure)
    return error as TaskFailure
  }
  /** The voice's file for a while as given, then as it was. */
  const withVoiceFile = async <T>(file: HeyGemVoiceFile, work: () => Promise<T>): Promise<T> => {
    const kept = readFileSync(voiceFile(), 'utf8')
    writeFileSync(voiceFile(), JSON.stringify(file))
    try {
      return await work()
    } finally {
      writeFileSync(voiceFile(), kept)
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'heygem-speech-'))
    shared = mkdtempSync(join(tmpdir(), 'heygem-speech-shared-'))
    await makeTestSpeech(join(dir, 'sample.m4a'), 'The quick brown fox jumps over the lazy dog. She sells sea shells by the sea shore, and the shells she sells are surely sea shells.', 'en+f3')
    contract = await startHeyGemVoiceContract(shared)
    voice = (await heyGemVoiceClone({ baseUrl: contract.url, sharedDir: shared, timeoutMs: 10_000 }).clone({ sample: join(dir, 'sample.m4a'), language: 'en', workDir: dir })).voiceId
  }, 30_000)
  afterAll(async () => {
    await contract.close()
    rmSync(dir, { recursive: true, force: true })
    rmSync(shared, { recursive: true, force: true })
  })

  it('asks as its official client does, a fresh speaker each time, and keeps the WAV it answers', async () => {
    const { reference_audio, reference_text } = JSON.parse(readFileSync(voiceFile(), 'utf8')) as HeyGemVoiceFile
    const text = 'Hello from my own voice, spoken twice as slowly.'
    const { durationSeconds } = await say(text)
    const first = contract.invoked.at(-1)!
    expect(first).toEqual({
      speaker: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
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
      reference_audio,
      reference_text,
    })
    expect(first.speaker).not.toBe(voice.slice('heygem:'.length))
    expect(durationSeconds).toBeGreaterThan(3)
    // Slower than usual: the same words take longer, and no raw copy is left behind.
    const slow = await speech().speak({ text, voice, output: join(dir, 'slow.wav'), speed: 88 })
    expect(contract.invoked.at(-1)!.speaker).not.toBe(first.speaker)
    expect(slow.durationSeconds).toBeGreaterThan(durationSeconds * 1.8)
    expect(existsSync(join(dir, 'slow.wav.raw.wav'))).toBe(false)
  }, 30_000)

  it("takes its refusals as final in its own words: pieces that do not pair, text over its limit", async () => {
    const { reference_audio } = JSON.parse(readFileSync(voiceFile(), 'utf8')) as HeyGemVoiceFile
    const unpaired = await withVoiceFile({ reference_audio: `${reference_audio}|||${reference_audio}`, reference_text: 'One piece only.' }, () => failure(() => say()))
    expect(unpaired.retry).toBe(false)
    expect(unpaired.reason['en-US']).toBe("HeyGem voice refused the request (HTTP 400): reference_audio and reference_text is not match")
    contract.maxTextLength = 10
    try {
      const long = await failure(() => say('Longer than ten characters.'))
      expect(long.retry).toBe(false)
      expect(long.reason['en-US']).toContain('Text is too long, max length is 10')
    } finally {
      contract.maxTextLength = 0
    }
  }, 30_000)

  it('takes a failing, silent or lost reference as passing; another service, or no voice file, as final', async () => {
    const { reference_text } = JSON.parse(readFileSync(voiceFile(), 'utf8')) as HeyGemVoiceFile
    const lost = await withVoiceFile({ reference_audio: '/code/data/origin_audio/format_denoise_gone.wav', reference_text }, () => failure(() => say()))
    expect(lost.retry).toBe(true)
    expect(lost.reason['en-US']).toContain('HTTP 500')
    contract.mode = 'fault'
    expect((await failure(() => say())).retry).toBe(true)
    contract.mode = 'hangs'
    const hangs = await failure(() => heyGemSpeech({ baseUrl: contract.url, sharedDir: shared, timeoutMs: 300 }).speak({ text: 'Hello.', voice, output: join(dir, 'h.wav') }))
    expect(hangs.retry).toBe(true)
    contract.mode = 'wrong-service'
    const other = await failure(() => say())
    expect(other.retry).toBe(false)
    expect(other.reason['en-US']).toContain('not a WAV file')
    const gone = await failure(() => heyGemSpeech({ baseUrl: contract.url, sharedDir: dir, timeoutMs: 10_000 }).speak({ text: 'Hello.', voice, output: join(dir, 'y.wav') }))
    expect(gone.retry).toBe(false)
    expect(gone.reason['en-US']).toContain('is missing')
  }, 30_000)
})
