import type { Label } from '../../../schema/types'

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

export interface ChatParams {
  messages: ChatMessage[]
  /** The provider's own model unless an assistant names another. */
  model?: string
  temperature?: number
  maxTokens?: number
  /** The caller left: stop asking. */
  signal?: AbortSignal
  /** Each piece of the answer as it comes. */
  onText?(text: string): void
  /** The model wrote thinking, not answer: a reasoning model may think for minutes before its first word. */
  onThinking?(): void
}

/** Tokens the vendor counted; null where it did not say (an older Ollama, a proxy). */
export interface ChatUsage {
  promptTokens: number
  /** Every token the model wrote, its thinking included: what the vendor bills as output. */
  completionTokens: number
  /**
   * The thinking's share of `completionTokens`, where the vendor says (DeepSeek, the newest vLLM);
   * never guessed, as Ollama and most vLLM versions do not count it apart.
   */
  reasoningTokens?: number
}

export interface ChatAnswer {
  text: string
  model: string
  usage: ChatUsage | null
  /**
   * Why the answer ended: "stop", or "length" when it was cut at maxTokens after some of it was
   * written; null when the server said [DONE] without a reason.
   */
  finish: string | null
}

/** Text written by a language model, for the AI tool, scripts and titles. */
export interface ChatProvider {
  describe: Label
  /** The model used when a call names none. */
  model: string
  chat(params: ChatParams): Promise<ChatAnswer>
  reachable(): Promise<{ ok: true } | { ok: false; reason: Label }>
}
