import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FontFileError, readFontFile } from './font-file'
import { fontFileMetrics, fontMetrics } from './font-metrics'
import { makeFontSample } from './font-sample'
import { probeMedia, type MediaInfo } from './probe'
import { renderClip } from './render-clip'
import { makeTestFont, makeTestVideo } from './test-media'
import { runFfmpeg, runProcess } from './run-ffmpeg'
import type { ClipPlan } from './clip-plan'

const dir = mkdtempSync(join(tmpdir(), 'font-file-'))
const at = (name: string) => join(dir, name)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let font: { family: string; original: string }
let clip: MediaInfo
beforeAll(async () => {
  mkdirSync(at('fonts'))
  ;[font] = await Promise.all([makeTestFont(at('fonts/uploaded.ttf')), makeTestVideo(at('clip.mp4'), { seconds: 1, width: 320, height: 180, audio: false })])
  clip = await probeMedia(at('clip.mp4'))
}, 30_000)

/** The middle frame of a render as grey bytes. */
async function frame(plan: Partial<ClipPlan>, name: string): Promise<Buffer> {
  await renderClip({
    segments: [{ path: at('clip.mp4'), info: clip }],
    shape: '16:9', fit: 'crop', height: 180, fps: 25, bitrateKbps: 1500,
    subtitles: { cues: [{ start: 0, end: 1, text: 'Aa Bb Qq 123' }], size: 40, color: '#ffffff', outlineColor: '#000000', outline: 2, position: 'middle' },
    ...plan,
    output: at(`${name}.mp4`),
  } as ClipPlan)
  await runFfmpeg(['-ss', '0.5', '-i', at(`${name}.mp4`), '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', at(`${name}.gray`)])
  return readFileSync(at(`${name}.gray`))
}

const difference = (a: Buffer, b: Buffer) => a.reduce((sum, byte, i) => sum + Math.abs(byte - b[i]!), 0) / a.length

describe('font files taken into a library', () => {
  it('reads the family libass knows a font by, its format, and whether it draws Chinese', async () => {
    expect(await readFontFile(at('fonts/uploaded.ttf'))).toEqual({ format: 'ttf', family: font.family, coversChinese: false, size: statSync(at('fonts/uploaded.ttf')).size })
    const { stdout } = await runProcess('fc-match', ['-f', '%{file}', 'Noto Sans CJK SC'])
    expect(await readFontFile(stdout)).toMatchObject({ format: 'ttc', family: expect.stringMatching(/^Noto Sans CJK/), coversChinese: true })
  })

  it('tells a file that is not a font (null) from a font that is damaged or names itself in markup (refused, saying why)', async () => {
    writeFileSync(at('notes.ttf'), 'just some text')
    expect(await readFontFile(at('notes.ttf'))).toBeNull()
    writeFileSync(at('cut.ttf'), readFileSync(at('fonts/uploaded.ttf')).subarray(0, 300))
    await expect(readFontFile(at('cut.ttf'))).rejects.toThrow(FontFileError)
    const marked = readFileSync(at('fonts/uploaded.ttf'))
    const name = Buffer.from(font.family, 'utf16le').swap16()
    for (let i = marked.indexOf(name); i >= 0; i = marked.indexOf(name, i + 1)) marked.writeUInt16BE(0x7b, i)
    writeFileSync(at('marked.ttf'), marked)
    await expect(readFontFile(at('marked.ttf'))).rejects.toThrow(/cannot name/)
  })

  it('draws subtitles in the file itself: as the installed original, unlike the default font, and measured from the file', async () => {
    const uploaded = await frame({ fontFile: at('fonts/uploaded.ttf'), subtitles: { cues: [{ start: 0, end: 1, text: 'Aa Bb Qq 123' }], size: 40, color: '#ffffff', outlineColor: '#000000', outline: 2, position: 'middle', font: font.family } }, 'uploaded')
    const original = await frame({ subtitles: { cues: [{ start: 0, end: 1, text: 'Aa Bb Qq 123' }], size: 40, color: '#ffffff', outlineColor: '#000000', outline: 2, position: 'middle', font: font.original } }, 'original')
    const missing = await frame({ subtitles: { cues: [{ start: 0, end: 1, text: 'Aa Bb Qq 123' }], size: 40, color: '#ffffff', outlineColor: '#000000', outline: 2, position: 'middle', font: font.family } }, 'missing')
    const near = difference(uploaded, original)
    const far = difference(uploaded, missing)
    expect(near).toBeLessThan(far / 10)
    expect((await fontFileMetrics(at('fonts/uploaded.ttf')))!.measure('Aa Bb', 40)).toBeCloseTo((await fontMetrics(font.original))!.measure('Aa Bb', 40), 3)
  }, 30_000)

  it('makes a thumbnail of a few characters drawn in it', async () => {
    mkdirSync(at('sample'))
    await makeFontSample(at('fonts/uploaded.ttf'), { coversChinese: false }, at('sample/sample.jpg'))
    const info = await probeMedia(at('sample/sample.jpg'))
    expect(info).toMatchObject({ kind: 'image', width: 320, height: 120 })
  })
})
