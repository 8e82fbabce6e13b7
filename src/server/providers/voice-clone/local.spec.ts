import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localSpeech } from '../speech/local'
import { runFfmpeg } from '../../media/run-ffmpeg'
import { makeTestTone } from '../../media/test-media'
import { localVoiceClone, localVoiceOf } from './local'
import { SampleRefused } from './voice-clone-provider'

const SCRIPT = 'The quick brown fox jumps over the lazy dog. She sells sea shells by the sea shore, and the shells she sells are surely sea shells.'

describe('the local voice clone: a measured sample and the nearest stock voice, said to be no clone', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'voice-clone-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  /** A recording of espeak-ng speaking with a male or female variant, as an m4a a browser might send. */
  async function recording(name: string, voice: string): Promise<string> {
    const wav = join(dir, `${name}.wav`)
    await localSpeech.speak({ text: SCRIPT, voice, output: wav })
    const m4a = join(dir, `${name}.m4a`)
    await runFfmpeg(['-i', wav, '-c:a', 'aac', m4a])
    return m4a
  }

  it('picks a male voice for a low voice and a female one for a high voice, at a pitch near the sample\'s', async () => {
    const low = await localVoiceClone.clone({ sample: await recording('low', 'en+m3'), language: 'en', workDir: dir })
    const high = await localVoiceClone.clone({ sample: await recording('high', 'en+f3'), language: 'cmn', workDir: dir })
    expect(low.voiceId).toMatch(/^local:en\+m3:\d+$/)
    expect(high.voiceId).toMatch(/^local:cmn\+f3:\d+$/)
    expect(low.measured.pitchHz!).toBeLessThan(high.measured.pitchHz!)
    expect(low.measured.durationSeconds).toBeGreaterThan(5)
    expect(low.measured.voiced).toBeGreaterThan(0.3)
    expect(localVoiceOf(high.voiceId)).toMatchObject({ voice: 'cmn+f3' })
    // The voice it picked speaks.
    const spoken = await localSpeech.speak({ text: '你好，世界。', ...localVoiceOf(high.voiceId)!, output: join(dir, 'spoken.wav') })
    expect(spoken.durationSeconds).toBeGreaterThan(0.5)
    expect(localVoiceClone.describe['en-US']).toContain('not a clone')
  }, 60_000)

  it('refuses a sample too short, one with no sound, and one with no voice in it, saying why', async () => {
    const short = join(dir, 'short.m4a')
    await makeTestTone(short, 2, 180)
    await expect(localVoiceClone.clone({ sample: short, language: 'en', workDir: dir })).rejects.toThrow(/2\.0 s long; it must last 5 to 300 s/)
    const silent = join(dir, 'silent.m4a')
    await runFfmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '8', silent])
    const refused = await localVoiceClone.clone({ sample: silent, language: 'en', workDir: dir }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(SampleRefused)
    expect((refused as SampleRefused).reason['zh-CN']).toContain('听不到人声')
    const noise = join(dir, 'noise.m4a')
    await runFfmpeg(['-f', 'lavfi', '-i', 'anoisesrc=d=8:c=white:a=0.3', noise])
    await expect(localVoiceClone.clone({ sample: noise, language: 'en', workDir: dir })).rejects.toBeInstanceOf(SampleRefused)
  }, 30_000)

  it('reads back only the voice ids it makes', () => {
    expect(localVoiceOf('local:en+m3:47')).toEqual({ voice: 'en+m3', pitch: 47 })
    expect(localVoiceOf('local:en+m3:47 -w /etc/passwd')).toBeNull()
    expect(localVoiceOf('heygen:abc')).toBeNull()
  })
})
