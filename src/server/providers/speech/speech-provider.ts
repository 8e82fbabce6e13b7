import type { Label } from '../../../schema/types'

export interface SpeakParams {
  text: string
  /** A voice id from voices(). */
  voice: string
  /** Words a minute. */
  speed?: number
  pitch?: number
  /** Where the WAV file goes. */
  output: string
  /** The words of the voice's reference recording, where its clone kept them: GPT-SoVITS v3 and v4 read the reference with them. */
  referenceText?: string
  signal?: AbortSignal
}

export interface SpeechVoice {
  id: string
  label: Label
}

/** Text to speech: one per vendor, the local one first. */
export interface SpeechProvider {
  speak(params: SpeakParams): Promise<{ durationSeconds: number }>
  /** How long the text takes to say, in seconds, with nothing kept: for a provider cheap enough to ask before a task is sent. */
  measure?(params: Omit<SpeakParams, 'output'>): Promise<number>
  voices(): Promise<SpeechVoice[]>
  /** What this provider really is, shown beside its results. */
  describe: Label
}
