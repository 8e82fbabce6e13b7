import { createServer, type Server, type ServerResponse } from 'node:http'
import { listenLocal } from './listen-local'

/** How the server answers: as the API documents, or as a server in trouble does. */
export type ChatMode = 'ok' | 'no-usage' | 'busy' | 'failing' | 'hangs' | 'stalls' | 'breaks' | 'malformed'

/**
 * An OpenAI-compatible chat-completions server on 127.0.0.1, as DeepSeek, Qwen's compatible
 * mode, Ollama and vLLM answer: GET /v1/models, and POST /v1/chat/completions streamed
 * (`stream: true`) as `chat.completion.chunk` events ending in `data: [DONE]`, with the token
 * counts in a last chunk of empty choices when `stream_options.include_usage` asks for them.
 * Errors are `{ error: { message, type, code } }`. What it writes is `answer` (by default what
 * it was told, said back), in pieces of a few characters.
 */
export interface ChatContract {
  url: string
  mode: ChatMode
  apiKey: string
  models: string[]
  /** The text of the next answers; by default "You said: " and the last message. */
  answer?: string
  requests: { authorization: string | undefined; body: Record<string, unknown> }[]
  close(): Promise<void>
}

export async function startChatContract(): Promise<ChatContract> {
  const state = { mode: 'ok' as ChatMode, apiKey: 'sk-contract', models: ['contract-chat', 'contract-large'], answer: undefined as string | undefined, requests: [] as ChatContract['requests'] }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const fail = (status: number, message: string, type: string, code: string | null) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message, type, param: null, code } }))
      if (state.mode === 'hangs') return
      if (state.apiKey && req.headers.authorization !== `Bearer ${state.apiKey}`) return fail(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key')
      if (req.method === 'GET' && req.url === '/v1/models') {
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: state.models.map((id) => ({ id, object: 'model', created: 1700000000, owned_by: 'contract' })) }))
      }
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return fail(404, `Unknown request URL: ${req.method} ${req.url}.`, 'invalid_request_error', 'unknown_url')
      let body: Record<string, unknown>
      try {
        body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>
      } catch {
        return fail(400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null)
      }
      state.requests.push({ authorization: req.headers.authorization, body })
      if (state.mode === 'busy') return fail(429, 'Rate limit reached for requests.', 'requests', 'rate_limit_exceeded')
      if (state.mode === 'failing') return fail(500, 'The server had an error while processing your request.', 'server_error', null)
      const messages = body.messages as { role?: unknown; content?: unknown }[] | undefined
      if (!Array.isArray(messages) || messages.length === 0 || !messages.every((m) => ['system', 'user', 'assistant'].includes(String(m.role)) && typeof m.content === 'string')) {
        return fail(400, "Invalid 'messages': each needs a role and string content.", 'invalid_request_error', 'invalid_value')
      }
      const model = String(body.model ?? '')
      if (!state.models.includes(model)) return fail(404, `The model \`${model}\` does not exist or you do not have access to it.`, 'invalid_request_error', 'model_not_found')
      if (body.stream !== true) return fail(400, 'This contract server answers streamed requests only.', 'invalid_request_error', null)
      if (state.mode === 'malformed') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy login</html>')
      const said = String(messages[messages.length - 1]!.content)
      const text = state.answer ?? `You said: ${said}`
      void stream(res, model, text, body, state.mode, messages)
    })
  })
  const listening = await listenLocal(server)
  const contract = state as ChatContract
  contract.url = `${listening.origin}/v1`
  contract.close = listening.close
  return contract
}

async function stream(res: ServerResponse, model: string, text: string, body: Record<string, unknown>, mode: ChatMode, messages: { content?: unknown }[]): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  const id = `chatcmpl-${Date.now()}`
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
  res.write(': keep-alive\n\n')
  res.write(chunk({ role: 'assistant', content: '' }, null))
  const pieces = [...text].reduce<string[]>((all, char, i) => (i % 4 === 0 ? [...all, char] : [...all.slice(0, -1), all[all.length - 1] + char]), [])
  for (const [i, piece] of pieces.entries()) {
    if (res.destroyed) return
    if (mode === 'stalls' && i === 2) return
    if (mode === 'breaks' && i === 2) {
      res.end(`data: ${JSON.stringify({ error: { message: 'The model is overloaded.', type: 'server_error' } })}\n\n`)
      return
    }
    res.write(chunk({ content: piece }, null))
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  res.write(chunk({}, 'stop'))
  const wantsUsage = (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true
  if (wantsUsage && mode !== 'no-usage') {
    const prompt = messages.reduce((sum, m) => sum + Math.ceil(String(m.content).length / 4), 0)
    res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [], usage: { prompt_tokens: prompt, completion_tokens: pieces.length, total_tokens: prompt + pieces.length } })}\n\n`)
  }
  res.end('data: [DONE]\n\n')
}
