import type { FastifyBaseLogger } from 'fastify'
import type { PasswordResetConfig } from '../config'
import { logSender } from './log-sender'
import { webhookSender } from './webhook-sender'

/** The account a code is for, with the addresses a provider may deliver it to ('' when not on file). */
export interface ResetCodeRecipient {
  username: string
  mobile: string
  email: string
}

/**
 * Delivers password reset codes: the provider of the forgot-password flow, chosen with
 * RESET_CODE_PROVIDER. `send` rejects when the code did not go out, so the person is told.
 *
 * ```ts
 * const sender: ResetCodeSender = {
 *   channel: 'webhook',
 *   async send(to, code, log) { await sms.send(to.mobile, `Your code: ${code}`) },
 * }
 * ```
 */
export interface ResetCodeSender {
  /** Told to the console, the same for every account: `log` makes it say the code is in the server log. */
  readonly channel: PasswordResetConfig['provider']
  send(to: ResetCodeRecipient, code: string, log: FastifyBaseLogger): Promise<void>
}

export function createResetCodeSender(config: PasswordResetConfig): ResetCodeSender {
  return config.provider === 'webhook' ? webhookSender(config.webhookUrl!, config.webhookToken) : logSender()
}
