import type { Label } from '../../../schema/types'
import { said } from '../vendor-http'
import { ChatFailure } from './chat-failure'
import type { ChatUsage } from './chat-provider'

/** How a streamed answer ended, as the adapter read it. */
export interface AnswerEnding {
  /** The answer, its thinking taken out. */
  text: string
  /** Whether the model thought first (a reasoning field, or `<think>` in its content). */
  thought: boolean
  finish: string | null
  /** The stream ended with `data: [DONE]`. */
  done: boolean
  /** The max_tokens sent; none means the server's own limit. */
  maxTokens?: number
  usage: ChatUsage | null
}

/**
 * Why an answer that streamed to its end is still no answer, or null when it is one.
 *
 * A stream that closed with neither a finish_reason nor `[DONE]` was cut: Ollama loses an error
 * raised mid-answer that way (its ChatWriter turns `{"error":…}` into an empty chunk and closes).
 * Finish reasons other than a normal end: `content_filter` (DeepSeek, OpenAI) will say the same
 * again; DeepSeek's `insufficient_system_resource`, and vLLM's `abort`, `repetition` and `error`
 * (its engine's FINISH_REASON_STRINGS) are the server's trouble of the moment. An empty answer is
 * never a success: with "length" the model spent its whole max_tokens, thinking included (vLLM,
 * Ollama's num_predict and DeepSeek all count the thinking), and asking again with the same limit
 * ends the same; with "stop" the server may have taken the whole output for thinking, which the
 * next try may not.
 */
export function failedEnding(vendor: Label, { text, thought, finish, done, maxTokens, usage }: AnswerEnding): ChatFailure | null {
  const zh = vendor['zh-CN']
  const en = vendor['en-US']
  const fail = (reason: Label, retry: boolean) => new ChatFailure(reason, retry, usage)
  if (finish === null && !done) return fail(said(`${zh}的回答中断了（数据流在回答结束前关闭）。`, `${en}'s answer broke off (the stream closed before the answer ended).`), true)
  if (finish === 'content_filter') return fail(said(`${zh}的内容审核拦下了这个回答，请换个说法再试。`, `${en}'s content filter stopped the answer; ask in other words.`), false)
  if (finish === 'insufficient_system_resource') return fail(said(`${zh}资源不足，回答被中断，稍后会重试。`, `${en} ran short of resources and stopped the answer; it will be tried again.`), true)
  if (finish === 'abort' || finish === 'error') return fail(said(`${zh}的服务端中止了回答（${finish}），稍后会重试。`, `${en}'s server gave up on the answer (${finish}); it will be tried again.`), true)
  if (finish === 'repetition') return fail(said(`${zh}的回答陷入了重复，已被服务端停止，稍后会重试。`, `${en}'s answer kept repeating itself and its server stopped it; it will be tried again.`), true)
  if (text.trim() !== '') return null
  if (finish === 'length') {
    // The Chinese sets the Latin max_tokens off with a space, and the server's limit without one.
    const limit = maxTokens
      ? { zh: ` max_tokens 上限（${maxTokens} 个 token）`, en: `its max_tokens limit of ${maxTokens} tokens` }
      : usage
        ? { zh: `服务端的 token 上限（${usage.completionTokens} 个 token）`, en: `its server's token limit (${usage.completionTokens} tokens)` }
        : { zh: '服务端的 token 上限', en: "its server's token limit" }
    return thought
      ? fail(said(`${zh}把${limit.zh}全部用在了思考上，没有写出回答（思考也计入上限）。请放宽上限，或换用不先思考的模型。`, `${en} spent ${limit.en} thinking and wrote no answer (thinking counts toward the limit). Allow it more tokens, or choose a model that does not think first.`), false)
      : fail(said(`${zh}用完了${limit.zh}，没有写出回答。请放宽上限。`, `${en} reached ${limit.en} without writing an answer. Allow it more tokens.`), false)
  }
  return thought
    ? fail(said(`${zh}只写出了思考过程，没有写出回答。`, `${en} ended with only its thinking and no answer.`), true)
    : fail(said(`${zh}结束了回答，却什么也没写。`, `${en} ended its answer without writing anything.`), true)
}
