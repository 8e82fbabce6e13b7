import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localSpeech } from '../providers/speech/local'
import { narrate, narrationSeconds, PAUSE_SECONDS } from './narration'
import { probeMedia } from './probe'

describe('a narration: the script said sentence by sentence, each subtitle shown while it is said', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'narration-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('times each piece by its own speech, with a pause between, and joins them into one file that long', async () => {
    const said: string[] = []
    const narration = await narrate(
      '大家好，欢迎来到我们的店铺。今天给大家介绍一款新品！Short one. 谢谢观看。',
      async (text, output) => {
        said.push(text)
        await localSpeech.speak({ text, voice: 'cmn', output })
      },
      dir,
    )
    expect(said).toEqual(['大家好，欢迎来到我们的店铺。', '今天给大家介绍一款新品！', 'Short one.', '谢谢观看。'])
    expect(narration.cues.map((c) => c.text)).toEqual(said)
    narration.cues.forEach((cue, i) => {
      expect(cue.end).toBeGreaterThan(cue.start)
      if (i > 0) expect(cue.start - narration.cues[i - 1]!.end).toBeCloseTo(PAUSE_SECONDS, 2)
    })
    // A long sentence is said for longer than a short one.
    expect(narration.cues[0]!.end - narration.cues[0]!.start).toBeGreaterThan(narration.cues[2]!.end - narration.cues[2]!.start)
    expect(narration.cues[0]!.start).toBe(0)
    expect(narration.seconds).toBe(narration.cues.at(-1)!.end)
    const info = await probeMedia(narration.path)
    expect(info.duration).toBeCloseTo(narration.seconds, 1)
  }, 30_000)

  it('refuses a script with nothing to say', async () => {
    await expect(narrate('   ', async () => undefined, dir)).rejects.toThrow(/nothing to say/)
  })
})

describe('how long a narration will be, measured before it is said', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'narration-measure-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('is what narrate then makes, digits read out in full included', async () => {
    const script = '这款面霜质地轻薄，吸收很快。价格 1234567890 元！Buy now.'
    const measured = await narrationSeconds(script, (text) => localSpeech.measure!({ text, voice: 'cmn' }))
    const narration = await narrate(script, async (text, output) => void (await localSpeech.speak({ text, voice: 'cmn', output })), dir)
    expect(measured).toBeCloseTo(narration.seconds, 2)
    expect(await narrationSeconds('', async () => 1)).toBe(0)
  }, 30_000)
})
