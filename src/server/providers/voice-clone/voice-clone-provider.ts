import type { Label } from '../../../schema/types'
import { InputRefused } from '../input-refused'

export interface CloneParams {
  /** A recording of the voice on this machine (any format ffmpeg reads). */
  sample: string
  /** The language the voice will speak: Mandarin or English. */
  language: 'cmn' | 'en'
  /** A folder the provider may write in; removed by the caller. */
  workDir: string
  /** The words the sample begins with, up to its first pause, where the person gave them. */
  transcript?: string
  signal?: AbortSignal
}

export interface ClonedVoice {
  /** The provider's id of the voice, which its speech provider speaks with. */
  voiceId: string
  /** The words of the reference recording the voice keeps, where they are known: its speech provider reads the reference with them. */
  referenceText?: string
  /** What the provider found in the sample, shown beside the voice. */
  measured: { durationSeconds: number; loudnessDb: number; pitchHz: number | null; voiced: number }
}

/** Voice cloning: one per vendor, the local one first. */
export interface VoiceCloneProvider {
  clone(params: CloneParams): Promise<ClonedVoice>
  /** What this provider really does, shown beside its voices. */
  describe: Label
  /** Whether its voices are clones of the speaker; the embedded one only picks a stock voice. */
  clones: boolean
}

/** A sample that cannot make a voice, said so the person can record again. */
export class SampleRefused extends InputRefused {}
