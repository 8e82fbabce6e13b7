import { mkdtempSync, openSync, readSync, closeSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MediaError } from './media-error'
import { probeMedia, type MediaInfo } from './probe'
import { coverFrame, makePreview, makeThumbnail, thumbnailArgs } from './thumbnail'
import { makeTestImage, makeTestTone, makeTestVideo } from './test-media'

const dir = mkdtempSync(join(tmpdir(), 'media-thumb-'))
const at = (name: string) => join(dir, name)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let landscape: MediaInfo
let portrait: MediaInfo
beforeAll(async () => {
  await Promise.all([
    makeTestVideo(at('landscape.mp4'), { seconds: 2, width: 320, height: 180 }),
    makeTestVideo(at('portrait.mp4'), { seconds: 2, width: 180, height: 320 }),
    makeTestImage(at('big.png'), 640, 480),
    makeTestTone(at('tone.mp3'), 1),
  ])
  ;[landscape, portrait] = await Promise.all([probeMedia(at('landscape.mp4')), probeMedia(at('portrait.mp4'))])
}, 30_000)

/** Whether an MP4's index comes before its data, so a browser can start playing while it downloads. */
function moovFirst(path: string): boolean {
  const fd = openSync(path, 'r')
  const head = Buffer.alloc(64 * 1024)
  readSync(fd, head, 0, head.length, 0)
  closeSync(fd)
  const moov = head.indexOf('moov')
  const mdat = head.indexOf('mdat')
  return moov >= 0 && (mdat < 0 || moov < mdat)
}

describe('thumbnails and previews', () => {
  it('takes a video\'s thumbnail a tenth of the way in', () => {
    expect(thumbnailArgs('/v.mp4', { ...landscape, duration: 30 }, '/t.jpg').slice(0, 2)).toEqual(['-ss', '3'])
  })

  it('makes a JPEG thumbnail of a video, at most 320 px wide', async () => {
    expect(await makeThumbnail(at('landscape.mp4'), landscape, at('landscape.jpg'))).toBe(true)
    expect(await probeMedia(at('landscape.jpg'))).toMatchObject({ kind: 'image', width: 320, height: 180 })
  })

  it('scales a large picture down to 320 px wide', async () => {
    const info = await probeMedia(at('big.png'))
    expect(await makeThumbnail(at('big.png'), info, at('big.jpg'))).toBe(true)
    expect(await probeMedia(at('big.jpg'))).toMatchObject({ width: 320, height: 240 })
  })

  it('makes no thumbnail of audio', async () => {
    const info = await probeMedia(at('tone.mp3'))
    expect(await makeThumbnail(at('tone.mp3'), info, at('tone.jpg'))).toBe(false)
    expect(existsSync(at('tone.jpg'))).toBe(false)
    expect(await makePreview(at('tone.mp3'), info, at('tone-preview.mp4'))).toBe(false)
  })

  it('makes a short, light preview 240 px high that can play while it downloads', async () => {
    expect(await makePreview(at('portrait.mp4'), portrait, at('preview.mp4'))).toBe(true)
    const info = await probeMedia(at('preview.mp4'))
    expect(info).toMatchObject({ kind: 'video', height: 240, width: 136, videoCodec: 'h264', audioCodec: 'aac' })
    expect(info.duration).toBeLessThanOrEqual(3.1)
    expect(moovFirst(at('preview.mp4'))).toBe(true)
  })

  it('takes a full-size cover frame, and says so when the time is past the end', async () => {
    await coverFrame(at('portrait.mp4'), 1, at('cover.jpg'))
    expect(await probeMedia(at('cover.jpg'))).toMatchObject({ kind: 'image', width: 180, height: 320 })
    await expect(coverFrame(at('portrait.mp4'), 30, at('late.jpg'))).rejects.toBeInstanceOf(MediaError)
  })
})
