import { runFfmpeg, runProcess, type FfmpegRunOptions, type RunOptions } from './run-ffmpeg'
import { inputPath } from './input-path'
import { mediaCommands } from './tools'

/** A change of picture this large between two frames (ffmpeg's scene score, 0 to 1) is a cut, not movement. */
export const CUT_SCORE = 0.4

/**
 * The times (seconds) at which a video cuts from one shot to another, by ffmpeg's scene
 * detection: a speaker moving, nodding or talking scores far below a cut.
 */
export async function sceneCuts(path: string, opts: RunOptions = {}): Promise<number[]> {
  const { stdout } = await runProcess(
    mediaCommands().ffmpeg,
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', inputPath(path), '-an', '-vf', `select='gt(scene,${CUT_SCORE})',metadata=print:file=-`, '-f', 'null', '-'],
    opts,
  )
  return [...stdout.matchAll(/pts_time:([0-9.]+)/g)].map((m) => Number(m[1]))
}

export interface LoopPlan {
  input: string
  /** Where in the training video the loop is taken from. */
  start: number
  /** Length of the part taken; the loop is shorter by `fade`. */
  seconds: number
  /** Seconds over which the loop's end dissolves into its start, so it repeats without a jump. */
  fade: number
  /** Height of the loop; the width follows the picture's shape (even). */
  height: number
  fps: number
  output: string
}

/**
 * ffmpeg's arguments for a seamless loop: of the part C taken, C[fade..end] is played and its
 * last `fade` seconds dissolve into C[0..fade], so the loop ends on the frame it starts with
 * (C at `fade`). No sound: a digital-human video brings its own voice.
 */
export function loopArgs(plan: LoopPlan): string[] {
  const { fade, seconds } = plan
  const scale = `scale=-2:${plan.height},fps=${plan.fps},format=yuv420p,setsar=1`
  const filter = [
    `[0:v]trim=start=${plan.start}:duration=${seconds},setpts=PTS-STARTPTS,${scale},split[a][b]`,
    `[a]trim=start=${fade},setpts=PTS-STARTPTS[body]`,
    `[b]trim=duration=${fade},setpts=PTS-STARTPTS[head]`,
    `[body][head]xfade=transition=fade:duration=${fade}:offset=${round(seconds - 2 * fade)}[loop]`,
  ].join(';')
  return ['-i', inputPath(plan.input), '-filter_complex', filter, '-map', '[loop]', '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-movflags', '+faststart', inputPath(plan.output)]
}

export function makeLoop(plan: LoopPlan, opts: FfmpegRunOptions = {}): Promise<void> {
  return runFfmpeg(loopArgs(plan), { ...opts, durationSeconds: plan.seconds - plan.fade })
}

/** A still of the picture at `at` seconds, as a JPEG of the given height: the avatar's portrait. */
export function stillArgs(input: string, at: number, height: number, output: string): string[] {
  return ['-ss', String(at), '-i', inputPath(input), '-frames:v', '1', '-vf', `scale=-2:${height}`, '-q:v', '3', '-update', '1', inputPath(output)]
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000
}
