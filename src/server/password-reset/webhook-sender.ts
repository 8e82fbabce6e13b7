import type { ResetCodeSender } from './reset-code-sender'

/** A receiver that has not answered by then is treated as down: the person is waiting on the form. */
const TIMEOUT_MS = 10_000

/**
 * POSTs `{ account, channel, destination, code }` as JSON to a URL of the operator's
 * (their SMS or mail gateway, or a small bridge to one). The account's mobile is
 * preferred to its e-mail. A 2xx answer means sent; anything else is a failure.
 */
export function webhookSender(url: string, token?: string): ResetCodeSender {
  return {
    channel: 'webhook',
    async send(to, code, log) {
      const [channel, destination] = to.mobile ? ['sms', to.mobile] : to.email ? ['email', to.email] : []
      if (!channel) {
        // Not an error for the person asking: saying so would tell strangers which accounts exist.
        log.warn({ account: to.username }, 'reset code not sent: the account has no mobile or e-mail on file')
        return
      }
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ account: to.username, channel, destination, code }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        // The code goes to the operator's address and nowhere it might be sent on to.
        redirect: 'error',
      })
      if (!response.ok) throw new Error(`The reset code webhook answered HTTP ${response.status} ${response.statusText}.`)
    },
  }
}
