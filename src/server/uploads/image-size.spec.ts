import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { imageSize } from './image-size'

const dir = mkdtempSync(join(tmpdir(), 'image-size-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** An image of that size and format as ffmpeg writes one. */
function image(name: string, width: number, height: number, extra: string[] = []): Buffer {
  const path = join(dir, name)
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `color=c=navy:s=${width}x${height}`, '-frames:v', '1', ...extra, '-y', path])
  return readFileSync(path)
}

describe('imageSize', () => {
  it.each([
    ['a.png', 322, 124, []],
    ['a.jpg', 640, 360, []],
    ['a.gif', 78, 56, []],
    ['lossy.webp', 300, 200, ['-c:v', 'libwebp']],
    ['lossless.webp', 302, 202, ['-c:v', 'libwebp', '-lossless', '1']],
  ])('reads %s from its header', (name, width, height, extra) => {
    expect(imageSize(image(name, width, height, extra))).toEqual({ width, height })
  })

  it('answers nothing for what is not an image it knows', () => {
    expect(imageSize(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined()
    expect(imageSize(Buffer.from([0xff, 0xd8, 0x00]))).toBeUndefined()
  })
})
