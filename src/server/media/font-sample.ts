import { writeFile } from 'node:fs/promises'
import { join, dirname } from 'node:path'
import type { FontFile } from './font-file'
import { escapeFilterValue } from './filter-escape'
import { runFfmpeg } from './run-ffmpeg'
import { inputPath } from './input-path'
import { THUMBNAIL_WIDTH } from './thumbnail'

/**
 * A font's thumbnail: a few characters drawn in it by ffmpeg, dark on light, at a list's
 * thumbnail width. Chinese only when the font has its own (drawtext borrows no glyphs, so a
 * Latin font would show empty boxes), else Latin letters and digits.
 */
export async function makeFontSample(fontPath: string, font: Pick<FontFile, 'coversChinese'>, outJpg: string): Promise<void> {
  const text = join(dirname(outJpg), 'sample.txt')
  await writeFile(text, font.coversChinese ? '永字 Aa' : 'Aa Bb 123')
  const draw = `drawtext=fontfile=${escapeFilterValue(fontPath)}:textfile=${escapeFilterValue(text)}:fontsize=56:fontcolor=0x1f1f1f:x=(w-text_w)/2:y=(h-text_h)/2`
  await runFfmpeg(['-f', 'lavfi', '-i', `color=c=0xf5f5f5:s=${THUMBNAIL_WIDTH}x120:d=1`, '-vf', draw, '-frames:v', '1', '-q:v', '3', '-update', '1', inputPath(outJpg)])
}
