import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHeyGemVoiceContract, type HeyGemVoiceContract } from '../../../../tests/support/heygem-voice-contract'
import { makeTestSpeech } from '../../media/test-media'
import { TaskFailure } from '../../errors/task-failure'
import { heyGemSpeech } from '../speech/heygem'
import { heyGemVoiceClone } from './heygem'
import { SampleRefused } from './voice-clone-provider'

const SENTENCES = 'The quick brown fox jumps over the lazy dog. She sells sea shells by the sea shore, and the shells she sells are surely sea shells.'

describe("HeyGem's voice service: a clone from a recording, against a contract server", () => {
  let dir: string
  let shared: string
  let contract: HeyGemVoiceContract
  const config = (over: { timeoutMs?: number; sharedDir?: string } = {}) => ({ baseUrl: contract.url, sharedDir: shared, timeoutMs: 10_000, ...over })
  const clone = (over: { timeoutMs?: number; sharedDir?: string; sample?: string } = {}) =>
    heyGemVoiceClone(config(over)).clone({ sample: join(dir, over.sample ?? 'sample.m4a'), language: 'en', workDir: dir })
  const failure = async (mode: HeyGemVoiceContract['mode'], work: () => Promise<unknown>) => {
    contract.mode = mode
    const error = await work().catch((e: unknown) => e)
    contract.mode = 'ok'
    return error
  }
  const voiceFile = (voiceId: string) => JSON.parse(readFileSync(join(shared, 'voices', `${voiceId.slice('heygem:'.length)}.json`), 'utf8')) as { reference_audio: string; reference_text: string }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'heygem-voice-'))
    shared = mkdtempSync(join(tmpdir(), 'heygem-voice-shared-'))
    await Promise.all([
      makeTestSpeech(join(dir, 'sample.m4a'), SENTENCES, 'en+m3'),
      makeTestSpeech(join(dir, 'long.m4a'), `${SENTENCES} ${SENTENCES} ${SENTENCES}`, 'en+m3'),
    ])
    contract = await startHeyGemVoiceContract(shared)
  }, 30_000)
  afterAll(async () => {
    await contract.close()
    rmSync(dir, { recursive: true, force: true })
    rmSync(shared, { recursive: true, force: true })
  })

  it('hands the sample over as 16 kHz WAV and keeps the reference it made and its words', async () => {
    const voice = await clone()
    expect(voice.voiceId).toMatch(/^heygem:[0-9a-f-]{36}$/)
    const id = voice.voiceId.slice('heygem:'.length)
    expect(contract.preprocessed.at(-1)).toEqual({ format: 'wav', reference_audio: `origin_audio/${id}.wav`, lang: 'en' })
    expect(contract.samples.at(-1)).toMatchObject({ audioSampleRate: 16000, audioChannels: 1 })
    // Under 20 s it stays one piece: its cleaned copy beside what it was given, which it deleted.
    expect(voiceFile(voice.voiceId)).toEqual({ reference_audio: `/code/data/origin_audio/format_denoise_${id}.wav`, reference_text: contract.transcript })
    expect(existsSync(join(shared, 'origin_audio', `format_denoise_${id}.wav`))).toBe(true)
    expect(existsSync(join(shared, 'origin_audio', `${id}.wav`))).toBe(false)
  }, 30_000)

  it("keeps a sample of 20 s or more as the '|||' pieces it was cut into, and speaks with all of them", async () => {
    const voice = await clone({ sample: 'long.m4a' })
    const id = voice.voiceId.slice('heygem:'.length)
    const { reference_audio, reference_text } = voiceFile(voice.voiceId)
    expect(reference_audio.split('|||')).toEqual([
      expect.stringMatching(new RegExp(`^/code/sessions/\\d{8}/[0-9a-f]{32}/format_denoise_${id}_part0\\.wav$`)),
      expect.stringMatching(new RegExp(`^/code/sessions/\\d{8}/[0-9a-f]{32}/format_denoise_${id}_part1\\.wav$`)),
    ])
    expect(reference_text).toBe(`${contract.transcript}|||${contract.transcript}`)
    const { durationSeconds } = await heyGemSpeech(config()).speak({ text: 'Said in a voice of two pieces.', voice: voice.voiceId, output: join(dir, 'pieces.wav') })
    expect(durationSeconds).toBeGreaterThan(1)
    expect(contract.invoked.at(-1)).toMatchObject({ reference_audio, reference_text })
  }, 30_000)

  it('tries again only while its speech recognition is not up; no words heard, or a sample it cannot find, is final', async () => {
    const asr = (await failure('asr-down', () => clone())) as TaskFailure
    expect(asr).toBeInstanceOf(TaskFailure)
    expect(asr.retry).toBe(true)
    expect(asr.reason['en-US']).toContain("'NoneType' object has no attribute 'send'")

    const nothing = (await failure('hears-nothing', () => clone())) as SampleRefused
    expect(nothing).toBeInstanceOf(SampleRefused)
    expect(nothing.reason['zh-CN']).toContain('asr failed')
    expect(nothing.reason['en-US']).toContain('heard no words in the sample')

    // This machine's folder is not the one the service reads: what it is handed is not there.
    const elsewhere = mkdtempSync(join(tmpdir(), 'heygem-voice-elsewhere-'))
    try {
      const missing = (await failure('ok', () => clone({ sharedDir: elsewhere }))) as TaskFailure
      expect(missing).toBeInstanceOf(TaskFailure)
      expect(missing.retry).toBe(false)
      expect(missing.reason['en-US']).toContain(`cannot find the sample handed to it (file not exists): the shared folder ${elsewhere}`)
      expect(missing.reason['zh-CN']).toContain('file not exists')
    } finally {
      rmSync(elsewhere, { recursive: true, force: true })
    }
  }, 30_000)

  it('takes a failing or silent service as passing, and another service at its address as final', async () => {
    const fault = (await failure('fault', () => clone())) as TaskFailure
    expect(fault.retry).toBe(true)
    expect(fault.reason['en-US']).toContain('HTTP 500')
    const hangs = (await failure('hangs', () => clone({ timeoutMs: 300 }))) as TaskFailure
    expect(hangs.retry).toBe(true)
    expect(hangs.reason['en-US']).toContain('did not answer within 0.3 s')
    const other = (await failure('wrong-service', () => clone())) as TaskFailure
    expect(other).toBeInstanceOf(TaskFailure)
    expect(other.retry).toBe(false)
    expect(other.reason['en-US']).toContain('answered something its API does not document')
  }, 30_000)

  it('has a contract server that answers as views_guiji.py does', async () => {
    const post = (body: unknown) => fetch(`${contract.url}/v1/preprocess_and_tran`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const noLang = await post({ format: 'wav', reference_audio: 'origin_audio/x.wav' })
    expect([noLang.status, await noLang.text()]).toEqual([400, 'reference_audio or lang is needed'])
    expect(await (await post({ format: 'wav', reference_audio: 'origin_audio/none.wav', lang: 'zh' })).json()).toEqual({ code: -1, msg: 'file not exists' })
  })
})
