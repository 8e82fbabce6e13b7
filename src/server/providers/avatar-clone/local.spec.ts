import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { probeMedia } from '../../media/probe'
import { makeTestCutVideo, makeTestVideo } from '../../media/test-media'
import { sceneCuts } from '../../media/avatar-loop'
import { localAvatarClone } from './local'
import { TrainingVideoRefused } from './avatar-clone-provider'

describe('the local avatar clone: a checked training video, a seamless loop and a still, said to be no model of the person', () => {
  let dir: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'avatar-clone-'))
    await Promise.all([
      makeTestVideo(join(dir, 'person.mp4'), { seconds: 9, width: 480, height: 360 }),
      makeTestVideo(join(dir, 'short.mp4'), { seconds: 4, width: 480, height: 360 }),
      makeTestVideo(join(dir, 'tiny.mp4'), { seconds: 9, width: 320, height: 240 }),
      makeTestCutVideo(join(dir, 'cut.mp4'), 5),
    ])
  }, 60_000)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('keeps a loop of the middle, a second shorter than the part taken, with no sound, and a still', async () => {
    const work = mkdtempSync(join(dir, 'work-'))
    let last = 0
    const avatar = await localAvatarClone.clone({ video: join(dir, 'person.mp4'), tier: 'standard', workDir: work, onProgress: (f) => (last = f) })
    const loop = await probeMedia(avatar.loop!)
    expect(loop.duration).toBeCloseTo(5, 0)
    expect(loop).toMatchObject({ height: 360, width: 480, audioCodec: null, videoCodec: 'h264' })
    expect(existsSync(avatar.still)).toBe(true)
    expect(avatar.measured).toMatchObject({ width: 480, height: 360 })
    expect(last).toBeGreaterThan(0.8)
    expect(localAvatarClone.lipSync).toBe(false)
    expect(localAvatarClone.describe['en-US']).toBe('Local avatar: a loop and a still from the training video, no model of the person')
  }, 60_000)

  it('sees a cut between two shots, and none in one continuous shot', async () => {
    expect(await sceneCuts(join(dir, 'person.mp4'))).toEqual([])
    const cuts = await sceneCuts(join(dir, 'cut.mp4'))
    expect(cuts).toHaveLength(1)
    expect(cuts[0]).toBeCloseTo(5, 0)
  }, 30_000)

  it('refuses a video too short, too small for HD, or with a cut, saying why', async () => {
    const refusal = (video: string, tier: 'standard' | 'hd') => localAvatarClone.clone({ video: join(dir, video), tier, workDir: dir }).catch((error: unknown) => error)
    const short = await refusal('short.mp4', 'standard')
    expect(short).toBeInstanceOf(TrainingVideoRefused)
    expect((short as TrainingVideoRefused).reason['en-US']).toBe('The training video lasts 4.0 s; it needs at least 8 s.')
    const small = await refusal('tiny.mp4', 'standard')
    expect((small as TrainingVideoRefused).reason['en-US']).toBe('The training video is 320×240; its shorter side needs at least 360 pixels.')
    const notForHd = await refusal('person.mp4', 'hd')
    expect((notForHd as TrainingVideoRefused).reason['en-US']).toBe('The training video lasts 9.0 s; it needs at least 15 s.')
    const cut = await refusal('cut.mp4', 'standard')
    expect((cut as TrainingVideoRefused).reason['zh-CN']).toContain('切换了镜头')
  }, 60_000)
})
