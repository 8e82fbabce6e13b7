import type { Label } from '../../../schema/types'
import { InputRefused } from '../input-refused'

/** Image clone, or HD image clone: the HD one asks for a longer, sharper training video. */
export type AvatarTier = 'standard' | 'hd'

export interface TrainingRequirements {
  /** Seconds of video, at least. */
  minSeconds: number
  /** Pixels of the picture's shorter side, at least. */
  minShortSide: number
}

export interface AvatarCloneParams {
  /** The training video on this machine. */
  video: string
  tier: AvatarTier
  /** A folder the provider may write in; removed by the caller. */
  workDir: string
  signal?: AbortSignal
  onProgress?(fraction: number): void
}

export interface ClonedAvatar {
  /** The provider's id of the avatar, which its digital-human video provider renders. */
  avatarId: string
  /** Files it made here for the platform to keep: the avatar moving (a loop) and its portrait. */
  loop: string | null
  still: string
  /** What it found in the training video. */
  measured: { durationSeconds: number; width: number; height: number }
}

/** Avatar cloning: one per vendor, the local one first. */
export interface AvatarCloneProvider {
  clone(params: AvatarCloneParams): Promise<ClonedAvatar>
  requirements: Record<AvatarTier, TrainingRequirements>
  /** Whether videos of its avatars move the lips with the speech. */
  lipSync: boolean
  /** What this provider really does, shown beside its avatars. */
  describe: Label
}

/** A training video that cannot make an avatar, said so the person can film again. */
export class TrainingVideoRefused extends InputRefused {}
