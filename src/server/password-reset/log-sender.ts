import type { ResetCodeSender } from './reset-code-sender'

/**
 * The embedded default: no SMS or e-mail service is needed to try the product. The code
 * goes to the server log at warn, which every log level but error and fatal shows; the
 * console tells the person to ask whoever reads that log.
 */
export function logSender(): ResetCodeSender {
  return {
    channel: 'log',
    async send(to, code, log) {
      log.warn({ account: to.username }, `reset code for ${to.username}: ${code}`)
    },
  }
}
