import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runFfmpeg } from './run-ffmpeg'
import type { XfadeTransition } from './transitions'

/** The ffmpeg arguments of a transition's preview: a moving test pattern giving way to colour bars, 160 × 90, silent, under two seconds. */
export function transitionPreviewArgs(transition: XfadeTransition, output: string): string[] {
  return [
    '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=15:duration=1.2',
    '-f', 'lavfi', '-i', 'smptebars=size=160x90:rate=15:duration=1.2',
    '-filter_complex', `[0:v][1:v]xfade=transition=${transition}:duration=0.6:offset=0.6,format=yuv420p[v]`,
    '-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '32', '-movflags', '+faststart', '-an', output,
  ]
}

const made = new Map<XfadeTransition, Promise<Buffer>>()

/**
 * A transition's preview as MP4, made by ffmpeg the first time it is asked for and kept in
 * memory (about 10 KB each): nothing of it is shipped, and a failed making is tried again.
 */
export function transitionPreview(transition: XfadeTransition): Promise<Buffer> {
  let preview = made.get(transition)
  if (!preview) {
    preview = (async () => {
      const dir = await mkdtemp(join(tmpdir(), 'transition-'))
      try {
        const output = join(dir, 'preview.mp4')
        await runFfmpeg(transitionPreviewArgs(transition, output))
        return await readFile(output)
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    })()
    preview.catch(() => made.delete(transition))
    made.set(transition, preview)
  }
  return preview
}
