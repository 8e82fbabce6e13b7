import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fontFileMetrics, fontMetrics } from './font-metrics'
import { canStreamCopy, checkClipPlan, clipArgs, clipDuration, clipWorkFiles, concatListText, DEFAULT_SUBTITLE_FONT, drawsText, streamCopyArgs, subtitleFileText, type ClipPlan } from './clip-plan'
import { runFfmpeg } from './run-ffmpeg'

export interface RenderOptions {
  signal?: AbortSignal
  onProgress?: (fraction: number) => void
  /** The longest the output may be, whatever the plan says: ffmpeg stops writing there (-t). */
  maxSeconds?: number
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
      await runFfmpeg(capped(streamCopyArgs(plan, files.concatList), opts.maxSeconds), run)
      return { mode: 'copy', durationSeconds }
    }
    if (drawsText(plan)) await writeFile(files.subtitles, subtitleFileText(plan, (await (plan.fontFile ? fontFileMetrics(plan.fontFile) : fontMetrics(plan.subtitles?.font ?? DEFAULT_SUBTITLE_FONT)))?.measure))
    await runFfmpeg(capped(clipArgs(plan, workDir), opts.maxSeconds), run)
    return { mode: 'encode', durationSeconds }
  } catch (error) {
    await rm(plan.output, { force: true })
    throw error
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

/** The arguments with the output's length capped: -t goes just before the output file, which ends them. */
function capped(args: string[], maxSeconds: number | undefined): string[] {
  return maxSeconds === undefined ? args : [...args.slice(0, -1), '-t', String(maxSeconds), ...args.slice(-1)]
}
