import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { fontMetrics } from './font-metrics'
import { runProcess } from './run-ffmpeg'
import { mediaCommands } from './tools'

const dir = mkdtempSync(join(tmpdir(), 'font-metrics-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** How wide libass really draws `text` at FontSize 100, by the lit columns ffmpeg's cropdetect finds. */
async function drawnWidth(text: string, font: string): Promise<number> {
  const srt = join(dir, 'line.srt')
  writeFileSync(srt, `1\n00:00:00,000 --> 00:00:01,000\n${text}\n`)
  const { stderr } = await runProcess(mediaCommands().ffmpeg, [
    '-hide_banner', '-nostdin', '-f', 'lavfi', '-i', 'color=c=black:s=3000x400:d=0.2',
    '-vf', `subtitles=${srt}:force_style='FontName=${font},FontSize=100,PlayResX=3000,PlayResY=400,Outline=0,Shadow=0',cropdetect=limit=24:round=2:reset=0`, '-f', 'null', '-',
  ])
  return Number([...stderr.matchAll(/ w:(\d+) /g)].at(-1)![1])
}

describe('a font\'s widths, read from its file', () => {
  it('are what libass draws: ten characters more widen the line by ten of their widths', async () => {
    for (const font of ['Noto Sans CJK SC', 'Noto Serif CJK SC']) {
      const metrics = (await fontMetrics(font))!
      for (const glyph of ['国', 'M']) {
        const five = glyph.repeat(5)
        const drawn = (await drawnWidth(five + five + five, font)) - (await drawnWidth(five, font))
        expect(Math.abs(drawn - metrics.measure(five + five, 100))).toBeLessThan(4)
      }
    }
  }, 30_000)

  it('make an ideograph of FontSize 48 about 33 px wide, not 48', async () => {
    expect((await fontMetrics('Noto Sans CJK SC'))!.measure('国', 48)).toBeCloseTo((48 * 1000) / 1448, 1)
    expect((await fontMetrics('Noto Sans CJK SC'))!.measure('a b', 100)).toBeGreaterThan(0)
  })
})
