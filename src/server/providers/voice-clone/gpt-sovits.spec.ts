import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTestSpeech } from '../../media/test-media'
import { probeMedia } from '../../media/probe'
import { runFfmpeg } from '../../media/run-ffmpeg'
import { gptSovitsVoiceClone } from './gpt-sovits'
import { SampleRefused } from './voice-clone-provider'

const FIRST_WORDS = 'Good morning and welcome, today I want to tell you about something we made with care.'

describe('GPT-SoVITS voice clone: the reference recording it keeps', () => {
  let dir: string
  let shared: string
  const provider = () => gptSovitsVoiceClone({ sharedDir: shared, containerDir: '/workspace/refs/', baseUrl: 'http://10.0.0.6:9880' })

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gpt-sovits-clone-'))
    shared = mkdtempSync(join(tmpdir(), 'gpt-sovits-shared-'))
    await makeTestSpeech(join(dir, 'long.m4a'), 'The quick brown fox jumps over the lazy dog. She sells sea shells by the sea shore, and the shells she sells are surely sea shells. Peter Piper picked a peck of pickled peppers.', 'en+m3')
    await makeTestSpeech(join(dir, 'brief.m4a'), 'Hello there, my good friend, how are you?', 'en+f3')
    // A first sentence, a breath, and more: as a sample read from the recording dialog.
    await makeTestSpeech(join(dir, 'first.m4a'), FIRST_WORDS, 'en+m3')
    await makeTestSpeech(join(dir, 'rest.m4a'), 'Try it for yourself, I think you will like it as much as we do', 'en+m3')
    await runFfmpeg(['-i', join(dir, 'first.m4a'), '-f', 'lavfi', '-t', '0.8', '-i', 'anullsrc=r=22050:cl=mono', '-i', join(dir, 'rest.m4a'), '-filter_complex', '[0:a]aresample=22050[a];[2:a]aresample=22050[c];[a][1:a][c]concat=n=3:v=0:a=1', join(dir, 'read.m4a')])
    await makeTestSpeech(join(dir, 'unbroken.m4a'), 'the quick brown fox jumps over the lazy dog and she sells sea shells by the sea shore and the shells she sells are surely sea shells and peter piper picked a peck of pickled peppers and the quick brown fox jumps over the lazy dog again', 'en+m3')
    // Seconds of silence, then under three of speech: long enough as a sample, too little speech for a reference.
    const speech = (await probeMedia(join(dir, 'brief.m4a'))).duration
    await runFfmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=22050:cl=mono', '-i', join(dir, 'brief.m4a'), '-filter_complex', `[0:a]atrim=0:${(5.2 - speech).toFixed(2)}[s];[s][1:a]concat=n=2:v=0:a=1`, join(dir, 'late.m4a')])
  }, 60_000)
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true })
    rmSync(shared, { recursive: true, force: true })
  })

  it('keeps nine seconds of the speech, from its first word, as 32 kHz mono WAV in the shared folder, named as GPT-SoVITS sees it', async () => {
    const voice = await provider().clone({ sample: join(dir, 'long.m4a'), language: 'en', workDir: dir })
    expect(voice.voiceId).toMatch(/^gpt-sovits:en:\/workspace\/refs\/voices\/[0-9a-f-]{36}\.wav$/)
    const kept = await probeMedia(join(shared, voice.voiceId.slice('gpt-sovits:en:/workspace/refs/'.length)))
    expect(kept).toMatchObject({ audioCodec: 'pcm_s16le', audioSampleRate: 32000, audioChannels: 1 })
    expect(kept.duration).toBeCloseTo(9, 0)
    expect(voice.measured.durationSeconds).toBeGreaterThan(9)
    expect(voice.measured.pitchHz).toBeGreaterThan(60)
    expect(provider().clones).toBe(true)
  }, 30_000)

  it('with the words the sample begins with, ends the reference at its first pause and keeps the words with the voice', async () => {
    const first = (await probeMedia(join(dir, 'first.m4a'))).duration
    const voice = await provider().clone({ sample: join(dir, 'read.m4a'), language: 'en', transcript: FIRST_WORDS, workDir: dir })
    expect(voice.referenceText).toBe(FIRST_WORDS)
    const kept = await probeMedia(join(shared, voice.voiceId.slice('gpt-sovits:en:/workspace/refs/'.length)))
    expect(kept.duration).toBeGreaterThan(3)
    expect(Math.abs(kept.duration - first)).toBeLessThan(0.6)
    const unbroken = await provider().clone({ sample: join(dir, 'unbroken.m4a'), language: 'en', transcript: 'the quick brown fox', workDir: dir }).catch((e: unknown) => e)
    expect((unbroken as SampleRefused).reason['en-US']).toMatch(/^The sample has no pause between 3 and 10 s/)
    // Without the words, nothing is kept beside the voice.
    expect((await provider().clone({ sample: join(dir, 'read.m4a'), language: 'en', workDir: dir })).referenceText).toBeUndefined()
  }, 30_000)

  it('refuses a sample whose speech, without its silence, is shorter than GPT-SoVITS takes', async () => {
    const error = await provider().clone({ sample: join(dir, 'late.m4a'), language: 'en', workDir: dir }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SampleRefused)
    expect((error as SampleRefused).reason['en-US']).toMatch(/only \d\.\d s of speech; at least 3 s/)
  }, 30_000)
})
