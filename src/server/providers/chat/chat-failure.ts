import type { Label } from '../../../schema/types'
import { TaskFailure } from '../../errors/task-failure'
import type { ChatUsage } from './chat-provider'

/**
 * A chat call that failed after the vendor had counted its tokens: a model that spent its whole
 * limit thinking, or an answer the vendor's filter stopped, was still billed. The failure carries
 * the count so the call's record says what it cost.
 *
 * ```ts
 * catch (error) { logAiCall(services, { ...call, status: 'failed', usage: error instanceof ChatFailure ? error.usage : null }) }
 * ```
 */
export class ChatFailure extends TaskFailure {
  constructor(
    reason: Label,
    retry: boolean,
    readonly usage: ChatUsage | null,
  ) {
    super(reason, retry)
  }
}
