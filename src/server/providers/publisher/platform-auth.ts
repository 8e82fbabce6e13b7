import type { Label } from '../../../schema/types'
import { TaskFailure } from '../../errors/task-failure'

/** What a platform's OAuth gives for one account: its tokens and how long they last. */
export interface PlatformGrant {
  openId: string
  accessToken: string
  refreshToken: string
  /** Seconds from now. */
  expiresIn: number
  refreshExpiresIn: number
  scope: string
}

export interface PlatformProfile {
  openId: string
  nickname: string
  avatarUrl: string
}

/**
 * A short-video platform's authorization-code flow: where to send the account's owner, and
 * what the platform answers for the code it sends back.
 */
export interface PlatformAuth {
  platform: 'douyin' | 'kuaishou'
  /** The platform's own page asking the owner to let this platform post for them. */
  authorizeUrl(params: { redirectUri: string; state: string }): string
  exchangeCode(params: { code: string; redirectUri: string }): Promise<PlatformGrant>
  /**
   * A new access token before the old one ends. AuthorizationLost only when the owner must
   * authorize again (the refresh token run out, the authorization cancelled); a retryable
   * TaskFailure when the platform is busy or limiting; a final one, naming the app's settings,
   * when the platform refuses this platform's app or what it sent.
   */
  refresh(params: { refreshToken: string; openId: string }): Promise<PlatformGrant>
  /**
   * A new refresh token before the old one ends, where the platform keeps refresh tokens from
   * lasting for ever (Douyin: 30 days, renewed five times); the old one stops working.
   */
  renewRefreshToken?(params: { refreshToken: string }): Promise<{ refreshToken: string; refreshExpiresIn: number }>
  profile(params: { accessToken: string; openId: string }): Promise<PlatformProfile>
}

/** The platform no longer accepts the account's tokens: only its owner authorizing again brings it back. */
export class AuthorizationLost extends TaskFailure {
  constructor(reason: Label) {
    super(reason, false)
    this.name = 'AuthorizationLost'
  }
}
