import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { canStreamCopy, checkClipPlan, clipArgs, clipDuration, clipWorkFiles, concatListText, streamCopyArgs, subtitleFileText, type ClipPlan } from './clip-plan'
import { runFfmpeg } from './run-ffmpeg'

export interface RenderOptions {
  signal?: AbortSignal
  onProgress?: (fraction: number) => void
}

export interface RenderedClip {
  /** 'copy' when the sources were joined packet for packet, 'encode' when the graph was run. */
  mode: 'copy' | 'encode'
  /** The clip's length as planned (clipDuration). */
  durationSeconds: number
}

/**
 * Renders a clip plan to `plan.output`. Its work files (subtitles, concat list) go in a
 * folder of their own beside the output, removed however the render ends; a failed or
 * cancelled render removes its half-written output too.
 */
export async function renderClip(plan: ClipPlan, opts: RenderOptions = {}): Promise<RenderedClip> {
  checkClipPlan(plan)
  const durationSeconds = clipDuration(plan)
  const outputDir = dirname(resolve(plan.output))
  await mkdir(outputDir, { recursive: true })
  const workDir = await mkdtemp(join(outputDir, '.media-clip-'))
  const files = clipWorkFiles(workDir)
  const run = { signal: opts.signal, onProgress: opts.onProgress, durationSeconds }
  try {
    if (canStreamCopy(plan)) {
      await writeFile(files.concatList, concatListText(plan))
      await runFfmpeg(streamCopyArgs(plan, files.concatList), run)
      return { mode: 'copy', durationSeconds }
    }
    if (plan.subtitles && plan.subtitles.cues.length > 0) await writeFile(files.subtitles, subtitleFileText(plan))
    await runFfmpeg(clipArgs(plan, workDir), run)
    return { mode: 'encode', durationSeconds }
  } catch (error) {
    await rm(plan.output, { force: true })
    throw error
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}
