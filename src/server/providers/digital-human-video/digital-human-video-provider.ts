import type { Label } from '../../../schema/types'
import type { ClipShape } from '../../media/clip-plan'

export interface LipSyncParams {
  /** The avatar's video on this machine (its loop). */
  video: string
  /** What it says, as audio on this machine. */
  audio: string
  /** A name for the job unique to this run of the task, so a retry finds the job it started. */
  job: string
  /**
   * The finished video's shape, given when it is cropped to that shape: a vendor that renders at
   * a shape asked may as well render this one. Absent, the avatar keeps its own shape.
   */
  shape?: ClipShape
  /** The finished video's height in pixels: a vendor renders at the nearest size it offers. */
  height?: number
  workDir: string
  signal?: AbortSignal
  onProgress?(fraction: number): void
  /** The task's record of steps done: what a vendor was asked to start is followed again on a retry, not started twice. */
  step?<T>(name: string, work: () => Promise<T>): Promise<T>
}

/** Digital-human video: one per vendor, the local one first. */
export interface DigitalHumanVideoProvider {
  /**
   * A video of the avatar saying the audio, its lips moving with the words: a file on this
   * machine. A provider without lip sync has none, and the avatar's loop plays behind the speech.
   */
  lipSync?(params: LipSyncParams): Promise<string>
  /** What this provider really does, shown beside what it makes. */
  describe: Label
  /** Whether it can be reached now, for the screens that use it; the reason when it cannot. */
  reachable(): Promise<{ ok: true } | { ok: false; reason: Label }>
}
