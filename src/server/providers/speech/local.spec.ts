import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { probeMedia } from '../../media/probe'
import { localSpeech, speechArgs } from './local'

const dir = mkdtempSync(join(tmpdir(), 'media-speech-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('local speech', () => {
  it('speaks Chinese into a WAV file of a plausible length', async () => {
    const output = join(dir, 'zh.wav')
    const { durationSeconds } = await localSpeech.speak({ text: '你好，世界。今天天气很好。', voice: 'cmn', output })
    // Ten syllables at espeak-ng's default pace: a few seconds, not a blip and not a minute.
    expect(durationSeconds).toBeGreaterThan(1.5)
    expect(durationSeconds).toBeLessThan(10)
    expect(await probeMedia(output)).toMatchObject({ kind: 'audio', audioCodec: 'pcm_s16le' })
  }, 30_000)

  it('speaks English, faster when asked, and reads text starting with a dash as text', async () => {
    const text = '-v This sentence starts with a dash and is read aloud all the same.'
    const normal = await localSpeech.speak({ text, voice: 'en', output: join(dir, 'en.wav') })
    const fast = await localSpeech.speak({ text, voice: 'en', speed: 350, pitch: 70, output: join(dir, 'en-fast.wav') })
    expect(normal.durationSeconds).toBeGreaterThan(2)
    expect(normal.durationSeconds).toBeLessThan(12)
    expect(fast.durationSeconds).toBeLessThan(normal.durationSeconds * 0.75)
  }, 30_000)

  it('passes the voice, pace and pitch as arguments and the text on stdin', () => {
    expect(speechArgs({ voice: 'cmn', output: '/o.wav' })).toEqual(['-v', 'cmn', '-s', '175', '-p', '50', '-w', '/o.wav', '--stdin'])
  })

  it('refuses empty text, a pace or pitch out of range and a voice that is not a name', async () => {
    const output = join(dir, 'never.wav')
    await expect(localSpeech.speak({ text: '  ', voice: 'en', output })).rejects.toThrow(/no text/)
    await expect(localSpeech.speak({ text: 'hi', voice: 'en', speed: 20, output })).rejects.toThrow(/speed 20 is outside 80\.\.450/)
    await expect(localSpeech.speak({ text: 'hi', voice: 'en', pitch: 100, output })).rejects.toThrow(/pitch 100/)
    await expect(localSpeech.speak({ text: 'hi', voice: '--help', output })).rejects.toThrow(/not a voice name/)
    expect(existsSync(output)).toBe(false)
  })

  it('passes on espeak-ng\'s own words for a voice it does not have', async () => {
    await expect(localSpeech.speak({ text: 'hi', voice: 'xx-nowhere', output: join(dir, 'none.wav') })).rejects.toMatchObject({ name: 'MediaError', reason: expect.stringMatching(/voice does not exist/) })
  })

  it('lists its voices and says it is a local synthesized voice, not a clone', async () => {
    expect((await localSpeech.voices()).map((v) => v.id)).toEqual(['cmn', 'en'])
    expect((await localSpeech.voices())[0]!.label['zh-CN']).toBe('普通话（本地 espeak-ng 合成）')
    expect(localSpeech.describe).toEqual({ 'zh-CN': '本地合成语音（espeak-ng），不是克隆声音', 'en-US': 'Local synthesized voice (espeak-ng), not a clone' })
  })
})
