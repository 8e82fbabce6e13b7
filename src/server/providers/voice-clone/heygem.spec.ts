import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHeyGemVoiceContract, type HeyGemVoiceContract } from '../../../../tests/support/heygem-voice-contract'
import { makeTestSpeech } from '../../media/test-media'
import { probeMedia } from '../../media/probe'
import { TaskFailure } from '../../tasks/task-handler'
import { heyGemSpeech } from '../speech/heygem'
import { heyGemVoiceClone } from './heygem'

describe("HeyGem's voice service: a clone from a recording, and speech in it, against a contract server", () => {
  let dir: string
  let shared: string
  let contract: HeyGemVoiceContract
  const config = (timeoutMs = 2000) => ({ baseUrl: contract.url, sharedDir: shared, timeoutMs })
  const clone = (timeoutMs?: number) => heyGemVoiceClone(config(timeoutMs)).clone({ sample: join(dir, 'sample.m4a'), language: 'en', workDir: dir })
  const failure = async (mode: HeyGemVoiceContract['mode'], work: () => Promise<unknown>) => {
    contract.mode = mode
    const error = await work().catch((e: unknown) => e)
    contract.mode = 'ok'
    expect(error).toBeInstanceOf(TaskFailure)
    return error as TaskFailure
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'heygem-voice-'))
    shared = mkdtempSync(join(tmpdir(), 'heygem-voice-shared-'))
    await makeTestSpeech(join(dir, 'sample.m4a'), 'The quick brown fox jumps over the lazy dog. She sells sea shells by the sea shore, and the shells she sells are surely sea shells.', 'en+m3')
    contract = await startHeyGemVoiceContract(shared)
  }, 30_000)
  afterAll(async () => {
    await contract.close()
    rmSync(dir, { recursive: true, force: true })
    rmSync(shared, { recursive: true, force: true })
  })

  it('hands the sample over as 16 kHz WAV, keeps the reference and its words beside it, and speaks with them', async () => {
    const voice = await clone()
    expect(voice.voiceId).toMatch(/^heygem:[0-9a-f-]{36}$/)
    const id = voice.voiceId.slice('heygem:'.length)
    expect(contract.preprocessed.at(-1)).toEqual({ format: 'wav', reference_audio: `origin_audio/${id}.wav`, lang: 'en' })
    expect(await probeMedia(join(shared, 'origin_audio', `${id}.wav`))).toMatchObject({ audioSampleRate: 16000, audioChannels: 1 })
    expect(JSON.parse(readFileSync(join(shared, 'voices', `${id}.json`), 'utf8'))).toEqual({ reference_audio: `/code/data/format_audio/${id}_format.wav`, reference_text: contract.transcript })

    const speech = heyGemSpeech(config())
    const output = join(dir, 'said.wav')
    const { durationSeconds } = await speech.speak({ text: 'Hello from my own voice, spoken twice as slowly.', voice: voice.voiceId, output })
    expect(contract.invoked.at(-1)).toMatchObject({ speaker: id, text: 'Hello from my own voice, spoken twice as slowly.', format: 'wav', reference_audio: `/code/data/format_audio/${id}_format.wav`, reference_text: contract.transcript, streaming: false })
    expect(durationSeconds).toBeGreaterThan(3)
    // Slower than usual: the same words take longer.
    const slow = await speech.speak({ text: 'Hello from my own voice, spoken twice as slowly.', voice: voice.voiceId, output: join(dir, 'slow.wav'), speed: 88 })
    expect(slow.durationSeconds).toBeGreaterThan(durationSeconds * 1.8)
    expect(existsSync(join(dir, 'slow.wav.raw.wav'))).toBe(false)
  }, 30_000)

  it('says an unreachable speech recognition, busy and unanswered are passing; an undocumented answer final, with the reason', async () => {
    const asr = await failure('asr-down', () => clone())
    expect(asr.retry).toBe(true)
    expect(asr.reason['en-US']).toContain("'NoneType' object has no attribute 'send'")
    expect((await failure('busy', () => clone())).retry).toBe(true)
    const hangs = await failure('hangs', () => clone(300))
    expect(hangs.retry).toBe(true)
    expect(hangs.reason['en-US']).toContain('did not answer within 0.3 s')
    expect((await failure('malformed', () => clone())).retry).toBe(false)

    const voice = await clone()
    const speak = () => heyGemSpeech(config()).speak({ text: 'Hello.', voice: voice.voiceId, output: join(dir, 'x.wav') })
    expect((await failure('malformed', speak)).reason['en-US']).toContain('not a WAV file')
    const gone = await failure('ok', () => heyGemSpeech({ ...config(), sharedDir: dir }).speak({ text: 'Hello.', voice: voice.voiceId, output: join(dir, 'y.wav') }))
    expect(gone.reason['en-US']).toContain('is missing')
  }, 30_000)
})
