import { TaskFailure } from '../../errors/task-failure'
import { callVendor, malformed, said } from '../vendor-http'
import { failedEnding } from './answer-ending'
import type { ChatAnswer, ChatParams, ChatProvider, ChatUsage } from './chat-provider'
import { thinkTagFilter } from './think-tag-filter'

export interface OpenAiCompatibleConfig {
  /** Up to and including the version: https://api.deepseek.com/v1, http://127.0.0.1:11434/v1. */
  baseUrl: string
  apiKey: string
  model: string
  /** How long the server may stay silent: before its first byte, and between two pieces of a streamed answer. */
  timeoutMs: number
}

const VENDOR = said('AI 写作服务', 'The AI writer')
const VENDOR_EN = VENDOR['en-US']
const VENDOR_ZH = VENDOR['zh-CN']

/**
 * One chunk of a streamed chat completion, as the API documents it, with the thinking of a
 * reasoning model beside the answer under either of its names: `reasoning_content` (DeepSeek,
 * vLLM until early 2026) or `reasoning` (vLLM since, Ollama).
 */
interface Chunk {
  model?: unknown
  choices?: { delta?: { content?: unknown; reasoning_content?: unknown; reasoning?: unknown } | null; finish_reason?: unknown }[]
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown; completion_tokens_details?: { reasoning_tokens?: unknown } | null } | null
  error?: { message?: unknown; code?: unknown } | string
}

/**
 * The OpenAI-compatible chat-completions API (`POST {base}/chat/completions`), which DeepSeek,
 * Qwen's compatible mode, Ollama and vLLM all speak, streamed (`stream: true`) so the answer
 * shows as it is written, with the token counts of its last chunk (`stream_options.include_usage`).
 * A reasoning model's thinking is never shown as the answer: it comes in its own field, or, from
 * a server that does not split it out, between `<think>` tags in the content.
 */
export function openAiCompatibleChat(config: OpenAiCompatibleConfig): ChatProvider {
  const url = (path: string) => `${config.baseUrl.replace(/\/+$/, '')}${path}`
  const headers = (): Record<string, string> => ({
    'content-type': 'application/json',
    ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
  })
  return {
    describe: said(`OpenAI 兼容接口（模型 ${config.model}）`, `OpenAI-compatible API (model ${config.model})`),
    model: config.model,
    async reachable() {
      try {
        const response = await callVendor({ vendor: VENDOR, url: url('/models'), timeoutMs: Math.min(config.timeoutMs, 10_000), init: { headers: headers() } })
        const body = (await response.json().catch(() => null)) as { data?: unknown } | null
        return Array.isArray(body?.data) ? { ok: true } : { ok: false, reason: said('模型列表的应答不符合接口文档', 'its model list is not what the API documents') }
      } catch (error) {
        return { ok: false, reason: error instanceof TaskFailure ? error.reason : said(String(error), String(error)) }
      }
    },
    async chat({ messages, model = config.model, temperature, maxTokens, signal, onText, onThinking }: ChatParams): Promise<ChatAnswer> {
      // The server's silence is timed by hand: a whole answer may stream for longer than any one pause.
      // Every byte counts as heard, so a model thinking for minutes, or DeepSeek's ": keep-alive"
      // while a request waits in its queue, is not silence.
      const silence = new AbortController()
      let timer = setTimeout(() => silence.abort(), config.timeoutMs)
      const heard = () => {
        clearTimeout(timer)
        timer = setTimeout(() => silence.abort(), config.timeoutMs)
      }
      const stop = signal ? AbortSignal.any([signal, silence.signal]) : silence.signal
      const silent = () => new TaskFailure(said(`${VENDOR_ZH}在 ${config.timeoutMs / 1000} 秒内没有应答。`, `${VENDOR_EN} said nothing for ${config.timeoutMs / 1000} s.`), true)
      try {
        let response: Response
        try {
          response = await callVendor({
            vendor: VENDOR,
            url: url('/chat/completions'),
            // callVendor's own limit covers the whole answer; the silence above is the real one.
            timeoutMs: 30 * 60_000,
            signal: stop,
            init: {
              method: 'POST',
              headers: headers(),
              body: JSON.stringify({ model, messages, stream: true, stream_options: { include_usage: true }, ...(temperature === undefined ? {} : { temperature }), ...(maxTokens ? { max_tokens: maxTokens } : {}) }),
            },
          })
        } catch (error) {
          if (silence.signal.aborted && !signal?.aborted) throw silent()
          throw error
        }
        if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
          throw malformed(VENDOR, `a streamed answer was asked for, it sent ${response.headers.get('content-type') ?? 'no content type'}`)
        }
        let text = ''
        let reasoned = false
        const tags = thinkTagFilter()
        const answered = (piece: string) => {
          if (!piece) return
          text += piece
          onText?.(piece)
        }
        let answeredModel = model
        let usage: ChatUsage | null = null
        let finish: string | null = null
        let done = false
        try {
          for await (const data of serverSentData(response.body!, heard)) {
            if (data === '[DONE]') {
              done = true
              break
            }
            let chunk: Chunk
            try {
              chunk = JSON.parse(data) as Chunk
            } catch {
              throw malformed(VENDOR, `a piece of its answer is not JSON: ${data.slice(0, 80)}`)
            }
            if (chunk.error) {
              const reason = typeof chunk.error === 'string' ? chunk.error : String(chunk.error.message ?? 'no reason given')
              // vLLM says in the error's code whether the request was at fault (400) or the server (500).
              const refused = typeof chunk.error === 'object' && typeof chunk.error.code === 'number' && chunk.error.code >= 400 && chunk.error.code < 500
              throw new TaskFailure(said(`${VENDOR_ZH}在回答中途出错：${reason}`, `${VENDOR_EN} failed while answering: ${reason}`), !refused)
            }
            if (typeof chunk.model === 'string' && chunk.model) answeredModel = chunk.model
            const choice = chunk.choices?.[0]
            const thinking = choice?.delta?.reasoning_content ?? choice?.delta?.reasoning
            if (typeof thinking === 'string' && thinking) {
              reasoned = true
              onThinking?.()
            }
            const piece = choice?.delta?.content
            if (typeof piece === 'string' && piece) {
              const before = tags.thought
              answered(tags.push(piece))
              if (tags.thought > before) onThinking?.()
            }
            if (typeof choice?.finish_reason === 'string') finish = choice.finish_reason
            usage = usageOf(chunk) ?? usage
          }
        } catch (error) {
          if (silence.signal.aborted && !signal?.aborted) throw silent()
          if (error instanceof TaskFailure || signal?.aborted) throw error
          throw new TaskFailure(said(`${VENDOR_ZH}的回答中断了（${(error as Error).message}）。`, `${VENDOR_EN}'s answer broke off (${(error as Error).message}).`), true)
        }
        answered(tags.end())
        text = tags.settle(text)
        const failed = failedEnding(VENDOR, { text, thought: reasoned || tags.thought > 0, finish, done, maxTokens, usage })
        if (failed) throw failed
        return { text, model: answeredModel, usage, finish }
      } finally {
        clearTimeout(timer)
      }
    },
  }
}

/** The token counts of a chunk that has them: a last one of empty choices, or DeepSeek's finish chunk. */
function usageOf(chunk: Chunk): ChatUsage | null {
  const counted = chunk.usage
  if (!counted || typeof counted.prompt_tokens !== 'number' || typeof counted.completion_tokens !== 'number') return null
  const reasoning = counted.completion_tokens_details?.reasoning_tokens
  return { promptTokens: counted.prompt_tokens, completionTokens: counted.completion_tokens, ...(typeof reasoning === 'number' ? { reasoningTokens: reasoning } : {}) }
}

/** The data of each Server-Sent Event in a body, `heard` called whenever bytes arrive. */
async function* serverSentData(body: ReadableStream<Uint8Array>, heard: () => void): AsyncGenerator<string> {
  const decoder = new TextDecoder()
  let buffer = ''
  let data: string[] = []
  for await (const bytes of body as unknown as AsyncIterable<Uint8Array>) {
    heard()
    buffer += decoder.decode(bytes, { stream: true })
    let end: number
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end).replace(/\r$/, '')
      buffer = buffer.slice(end + 1)
      if (line === '') {
        if (data.length > 0) yield data.join('\n')
        data = []
      } else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
      // Comments (": keep-alive") and other fields (event:, id:) carry nothing here.
    }
  }
  if (data.length > 0) yield data.join('\n')
}
