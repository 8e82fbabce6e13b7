import type { Label } from '../../schema/types'
import type { ChatUsage } from '../providers/chat/chat-provider'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'

export interface AiCall {
  ownerId: number
  purpose: 'chat' | 'imitate_title' | 'topic_script'
  assistantId: number | null
  model: string
  usage: ChatUsage | null
  startedAt: number
  status: 'succeeded' | 'failed' | 'stopped'
  error?: Label
}

/** One AI call on record, when it has ended: who, for what, the tokens the vendor counted, how long. */
export async function logAiCall(services: Services, call: AiCall): Promise<void> {
  const stamp = services.now().toISOString()
  await services.db
    .insertInto(tableOf(services, 'ai_call'))
    .values({
      owner_id: call.ownerId,
      purpose: call.purpose,
      assistant_id: call.assistantId,
      model: call.model.slice(0, 100),
      prompt_tokens: call.usage?.promptTokens ?? null,
      completion_tokens: call.usage?.completionTokens ?? null,
      duration_ms: Math.max(0, Math.round(Date.now() - call.startedAt)),
      status: call.status,
      error: JSON.stringify(call.error ?? {}),
      created_at: stamp,
      updated_at: stamp,
    })
    .execute()
}
