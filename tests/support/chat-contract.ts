import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { listenLocal } from './listen-local'

/**
 * Whose OpenAI-compatible server it is: the wire format of its answers, and what it refuses in
 * which words. Each behaviour comes from the vendor's own source or documentation:
 *
 * - `vllm`: vllm-project/vllm `vllm/entrypoints/openai/chat_completion/serving.py`
 *   (chat_completion_stream_generator: a first chunk `{"role":"assistant","content":""}`, the
 *   finish_reason on the last token's chunk, `{"error":…}` then `[DONE]` when generation fails),
 *   `.../chat_completion/protocol.py` (DeltaMessage `reasoning`, renamed from `reasoning_content`
 *   by PR #27752 and the old name removed by PR #33402; max_tokens counts the thinking),
 *   `vllm/reasoning/deepseek_r1_reasoning_parser.py` (without `--reasoning-parser` the thinking
 *   stays in the content, R1's template having written the `<think>` into the prompt),
 *   `vllm/entrypoints/openai/server_utils.py` (AuthenticationMiddleware's `{"error":"Unauthorized"}`,
 *   validation_exception_handler's 400 `{"error":{message,type:"Bad Request",param,code:400}}`),
 *   validate_json_request (PR #13193; the answer as a live server gave it in
 *   meta-models/meta-oss-cookbook#2), `.../engine/serving.py` create_error_response and _check_model
 *   (404 NotFoundError, param "model"; a request naming no model gets the served one), vLLM's
 *   SamplingParams ("max_tokens must be at least 1"), engine_error_handler (a failing engine is a
 *   500 with no body). vLLM queues what it cannot run yet and refuses nothing for being busy: a
 *   busy vLLM is silent. An empty conversation is a 400 (llm-d/llm-d-inference-sim#666, vLLM
 *   0.21.0); its wording comes from the model's chat template, so the one here is a stand-in.
 * - `ollama`: ollama/ollama `middleware/openai.go` (ChatMiddleware: JSON bound whatever the
 *   content type, `[] is too short - 'messages'`; ChatWriter: a role on the first chunk only,
 *   reasoning and content in separate chunks, a finish chunk of `delta: {}`, usage as a copy of it
 *   with `choices: []`, and a mid-stream error turned into an empty chunk before the stream closes
 *   without a finish or `[DONE]`), `openai/openai.go` (Delta `reasoning`, NewError's
 *   `{"error":{message,type,param:null,code:null}}`, max_tokens as num_predict, where a negative
 *   one is no limit), `server/routes.go` ("model is required", `model 'x' not found`, streamResponse),
 *   `server/sched.go` (ErrMaxQueue: 503 "server busy…"). Ollama checks no API key.
 * - `deepseek`: api-docs.deepseek.com error_codes (400, 401, 402, 422, 429, 500, 503), rate_limit
 *   (`: keep-alive` while a request waits), guides/reasoning_model and thinking_mode
 *   (`reasoning_content` first, max_tokens counting the thinking, usage
 *   `completion_tokens_details.reasoning_tokens`), create-chat-completion as quoted in
 *   moona3k/macparakeet#1087 (usage rides on the finish chunk, `"usage": null` before it;
 *   finish_reason `content_filter` and `insufficient_system_resource`), and bodies users logged:
 *   401 "Authentication Fails, Your api key: ****abcd is invalid", 400 "Model Not Exist",
 *   "Invalid max_tokens value, the valid range of max_tokens is [1, 393216]", 400 "Failed to
 *   deserialize the JSON body into the target type: missing field `messages` at line 1 column N"
 *   and "Failed to parse the request body as JSON: …" (tailcallhq/forgecode#2008,
 *   esengine/DeepSeek-Reasonix#1906), 402 "Insufficient Balance". Where DeepSeek documents no body
 *   (the 429's and 5xx's, an empty conversation, a wrong content type, an error mid-stream) the
 *   wording here is a stand-in in its envelope.
 * - `openai`: the reference API the others copy, as this server spoke it first: usage in a last
 *   chunk of `choices: []`, a finish chunk of its own, reasoning counted but never streamed.
 */
export type ChatVendor = 'openai' | 'vllm' | 'ollama' | 'deepseek'

/** How the server answers: as the API documents, or as a server in trouble does. */
export type ChatMode =
  | 'ok'
  /** Token counts left out though asked for, as an older Ollama or a proxy does. */
  | 'no-usage'
  /** Refused for load: 429 (OpenAI, DeepSeek), 503 (Ollama); vLLM queues, so says nothing. */
  | 'busy'
  /** A transient 5xx. */
  | 'failing'
  /** DeepSeek's 402: the account has no balance. */
  | 'no-balance'
  /** Says nothing at all: Ollama loading a large model, vLLM's queue. */
  | 'hangs'
  /** Falls silent in the middle of its answer, the socket left open (deepseek-ai/DeepSeek-V3#1608). */
  | 'stalls'
  /** Fails in the middle of its answer, as the vendor tells it (Ollama: not at all, see above). */
  | 'breaks'
  /** vLLM refusing mid-stream: the error's code is 400, the request at fault. */
  | 'breaks-refused'
  /** Something that is no event stream, as a proxy's login page. */
  | 'malformed'
  /** finish_reason "content_filter" after a little of the answer (DeepSeek, OpenAI). */
  | 'content-filter'
  /** finish_reason "insufficient_system_resource" after a little of the answer (DeepSeek). */
  | 'resource'
  /** finish_reason "abort" after a little of the answer (vLLM's engine). */
  | 'abort'

/**
 * An OpenAI-compatible chat-completions server on 127.0.0.1, speaking as `vendor` does: GET
 * /v1/models, and POST /v1/chat/completions streamed (`stream: true`) as `chat.completion.chunk`
 * events ending in `data: [DONE]`, with the token counts when `stream_options.include_usage` asks.
 * What it writes is `thinking` (as reasoning, when set) then `answer` (by default what it was told,
 * said back), in pieces of four characters, each piece one token: `max_tokens`, or the server's
 * own limit, counts the thinking too, so a long thinking under a small limit ends in "length"
 * with no answer, as on the real servers.
 */
export interface ChatContract {
  url: string
  vendor: ChatVendor
  mode: ChatMode
  /** The key it takes; none checked when empty (and never by Ollama). */
  apiKey: string
  models: string[]
  /** The text of the next answers; by default "You said: " and the last message. */
  answer?: string
  /** What the model thinks before it answers, streamed in the vendor's reasoning field. */
  thinking?: string
  /**
   * A vLLM started without `--reasoning-parser` sends the thinking in the content: between
   * `<think>` tags (Qwen3's template), or after a `<think>` its template put in the prompt, so
   * only the closing tag shows (DeepSeek-R1's).
   */
  rawThinking?: 'tagged' | 'prefilled'
  /** The limit when a request sends no max_tokens: vLLM's context left, Ollama's num_predict, DeepSeek's 32K. */
  defaultMaxTokens: number
  /** The pause between two pieces of an answer. */
  pieceMs: number
  requests: { authorization: string | undefined; body: Record<string, unknown> }[]
  close(): Promise<void>
}

type State = Omit<ChatContract, 'url' | 'close'>

/** An error answer: its status, and its body (a string is sent as plain text). */
type Refusal = { status: number; body: unknown }

/** A request the contract has read: what each vendor checks before it answers. */
interface Asked {
  req: IncomingMessage
  raw: string
  /** The body parsed, or why it could not be. */
  body: Record<string, unknown> | { unparsed: string }
}

export async function startChatContract(): Promise<ChatContract> {
  const state: State = {
    vendor: 'openai',
    mode: 'ok',
    apiKey: 'sk-contract',
    models: ['contract-chat', 'contract-large'],
    defaultMaxTokens: 4096,
    pieceMs: 5,
    requests: [],
  }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (state.mode === 'hangs') return
      const raw = Buffer.concat(chunks).toString()
      const asked: Asked = { req, raw, body: parsed(raw) }
      const refusal = VENDORS[state.vendor].refuse(state, asked)
      if (refusal) return send(res, refusal)
      if (req.method === 'GET') return send(res, { status: 200, body: modelList(state) })
      const body = asked.body as Record<string, unknown>
      if (body.stream !== true) return send(res, { status: 400, body: { error: { message: 'This contract server answers streamed requests only.', type: 'invalid_request_error', param: 'stream', code: null } } })
      if (state.mode === 'busy' && state.vendor === 'vllm') return
      if (state.mode === 'malformed') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy login</html>')
      void stream(res, state, body)
    })
  })
  const listening = await listenLocal(server)
  const contract = state as ChatContract
  contract.url = `${listening.origin}/v1`
  contract.close = listening.close
  return contract
}

function parsed(raw: string): Asked['body'] {
  try {
    const body: unknown = JSON.parse(raw)
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : { unparsed: 'not an object' }
  } catch (error) {
    return { unparsed: (error as Error).message }
  }
}

function send(res: ServerResponse, { status, body }: Refusal): void {
  if (typeof body === 'string') res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body)
  else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

function modelList(state: State) {
  const ownedBy = { openai: 'contract', vllm: 'vllm', ollama: 'library', deepseek: 'deepseek' }[state.vendor]
  return { object: 'list', data: state.models.map((id) => ({ id, object: 'model', created: 1700000000, owned_by: ownedBy })) }
}

const isChat = (req: IncomingMessage) => req.method === 'POST' && req.url === '/v1/chat/completions'
const isModels = (req: IncomingMessage) => req.method === 'GET' && req.url === '/v1/models'
const maxTokensOf = (body: Record<string, unknown>) => (typeof body.max_tokens === 'number' ? body.max_tokens : undefined)
const record = (state: State, asked: Asked) => state.requests.push({ authorization: asked.req.headers.authorization, body: asked.body as Record<string, unknown> })

interface VendorRules {
  /** The refusal this vendor gives the request, in the order it checks; null to answer it. */
  refuse(state: State, asked: Asked): Refusal | null
}

const openAiError = (status: number, message: string, type: string, param: string | null, code: string | null): Refusal => ({ status, body: { error: { message, type, param, code } } })

const VENDORS: Record<ChatVendor, VendorRules> = {
  openai: {
    refuse(state, asked) {
      const { req, body } = asked
      if (state.apiKey && req.headers.authorization !== `Bearer ${state.apiKey}`) return openAiError(401, 'Incorrect API key provided.', 'invalid_request_error', null, 'invalid_api_key')
      if (isModels(req)) return null
      if (!isChat(req)) return openAiError(404, `Unknown request URL: ${req.method} ${req.url}.`, 'invalid_request_error', null, 'unknown_url')
      if ('unparsed' in body) return openAiError(400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null, null)
      record(state, asked)
      if (state.mode === 'busy') return openAiError(429, 'Rate limit reached for requests.', 'requests', null, 'rate_limit_exceeded')
      if (state.mode === 'failing') return openAiError(500, 'The server had an error while processing your request.', 'server_error', null, null)
      if (body.model === undefined) return openAiError(400, 'you must provide a model parameter', 'invalid_request_error', null, null)
      const messages = body.messages
      if (messages === undefined) return openAiError(400, "Missing required parameter: 'messages'.", 'invalid_request_error', 'messages', 'missing_required_parameter')
      if (Array.isArray(messages) && messages.length === 0) return openAiError(400, "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.", 'invalid_request_error', 'messages', 'empty_array')
      if (!wellFormed(messages)) return openAiError(400, "Invalid 'messages': each needs a role and string content.", 'invalid_request_error', 'messages', 'invalid_value')
      if (!state.models.includes(String(body.model))) return openAiError(404, `The model \`${String(body.model)}\` does not exist or you do not have access to it.`, 'invalid_request_error', null, 'model_not_found')
      const maxTokens = maxTokensOf(body)
      if (maxTokens !== undefined && maxTokens < 1) return openAiError(400, `Invalid 'max_tokens': integer below minimum value. Expected a value >= 1, but got ${maxTokens} instead.`, 'invalid_request_error', 'max_tokens', 'integer_below_min_value')
      return null
    },
  },
  vllm: {
    refuse(state, asked) {
      const { req, body } = asked
      const vllmError = (status: number, message: string, type: string, param: string | null = null): Refusal => ({ status, body: { error: { message, type, param, code: status } } })
      const validation = (error: string): Refusal => vllmError(400, `1 validation error:\n  ${error}`, 'Bad Request')
      if (state.apiKey && req.url?.startsWith('/v1') && req.headers.authorization !== `Bearer ${state.apiKey}`) return { status: 401, body: { error: 'Unauthorized' } }
      if (isModels(req)) return null
      if (!isChat(req)) return { status: 404, body: { detail: 'Not Found' } }
      const mediaType = String(req.headers['content-type'] ?? '').toLowerCase().split(';')[0]
      if (mediaType !== 'application/json') return validation("Unsupported Media Type: Only 'application/json' is allowed")
      if ('unparsed' in body) return validation(`{'type': 'json_invalid', 'loc': ('body', 0), 'msg': 'JSON decode error', 'input': {}, 'ctx': {'error': '${body.unparsed}'}}`)
      if (body.messages === undefined) return validation(`{'type': 'missing', 'loc': ('body', 'messages'), 'msg': 'Field required', 'input': ${pythonRepr(body)}}`)
      record(state, asked)
      if (state.mode === 'failing') return { status: 500, body: '' }
      if (body.model !== undefined && body.model !== null && !state.models.includes(String(body.model))) return vllmError(404, `The model \`${String(body.model)}\` does not exist.`, 'NotFoundError', 'model')
      if (!Array.isArray(body.messages) || body.messages.length === 0) return vllmError(400, 'The chat template cannot be applied to an empty conversation.', 'BadRequestError')
      if (!wellFormed(body.messages)) return vllmError(400, 'Each message needs a role and string content.', 'BadRequestError')
      const maxTokens = maxTokensOf(body)
      if (maxTokens !== undefined && maxTokens < 1) return vllmError(400, `max_tokens must be at least 1, got ${maxTokens}.`, 'BadRequestError', 'max_tokens')
      return null
    },
  },
  ollama: {
    refuse(state, asked) {
      const { req, body } = asked
      // NewError: 400 is invalid_request_error, 404 not_found_error, anything else api_error.
      const ollamaError = (status: number, message: string): Refusal => ({ status, body: { error: { message, type: status === 400 ? 'invalid_request_error' : status === 404 ? 'not_found_error' : 'api_error', param: null, code: null } } })
      if (isModels(req)) return null
      if (!isChat(req)) return { status: 404, body: '404 page not found' }
      if ('unparsed' in body) return ollamaError(400, asked.raw.trim() === '' ? 'EOF' : `invalid character looking for beginning of value (${body.unparsed})`)
      if (!Array.isArray(body.messages) || body.messages.length === 0) return ollamaError(400, "[] is too short - 'messages'")
      if (!wellFormed(body.messages)) return ollamaError(400, 'invalid message format')
      record(state, asked)
      if (typeof body.model !== 'string' || body.model === '') return ollamaError(400, 'model is required')
      if (!state.models.includes(body.model)) return ollamaError(404, `model '${body.model}' not found`)
      if (state.mode === 'busy') return ollamaError(503, 'server busy, please try again.  maximum pending requests exceeded')
      if (state.mode === 'failing') return ollamaError(500, 'llama runner process has terminated: exit status 2')
      return null
    },
  },
  deepseek: {
    refuse(state, asked) {
      const { req, body } = asked
      const deepSeekError = (status: number, message: string, type = 'invalid_request_error'): Refusal => ({ status, body: { error: { message, type, param: null, code: 'invalid_request_error' } } })
      if (state.apiKey && req.headers.authorization !== `Bearer ${state.apiKey}`) {
        const given = String(req.headers.authorization ?? '').replace(/^Bearer /, '')
        return { status: 401, body: { error: { message: `Authentication Fails, Your api key: ****${given.slice(-4)} is invalid`, type: 'authentication_error', code: 'invalid_request_error' } } }
      }
      if (isModels(req)) return null
      if (!isChat(req)) return deepSeekError(404, `Not Found: ${req.method} ${req.url}`)
      if (String(req.headers['content-type'] ?? '').toLowerCase().split(';')[0] !== 'application/json') return deepSeekError(400, 'Expected request with `Content-Type: application/json`')
      if ('unparsed' in body) return deepSeekError(400, `Failed to parse the request body as JSON: expected value at line 1 column 1`)
      const missing = ['model', 'messages'].find((field) => body[field] === undefined)
      if (missing) return deepSeekError(400, `Failed to deserialize the JSON body into the target type: missing field \`${missing}\` at line 1 column ${asked.raw.length}`)
      record(state, asked)
      if (state.mode === 'busy') return deepSeekError(429, 'Rate Limit Reached', 'rate_limit_error')
      if (state.mode === 'failing') return deepSeekError(503, 'Server Overloaded', 'server_error')
      if (state.mode === 'no-balance') return deepSeekError(402, 'Insufficient Balance', 'unknown_error')
      if (!state.models.includes(String(body.model))) return deepSeekError(400, 'Model Not Exist')
      if (!Array.isArray(body.messages) || body.messages.length === 0) return deepSeekError(400, 'Empty input messages')
      if (!wellFormed(body.messages)) return deepSeekError(400, 'Failed to deserialize the JSON body into the target type: messages: invalid type')
      const maxTokens = maxTokensOf(body)
      if (maxTokens !== undefined && (maxTokens < 1 || maxTokens > 393216)) return deepSeekError(400, 'Invalid max_tokens value, the valid range of max_tokens is [1, 393216]')
      return null
    },
  },
}

function wellFormed(messages: unknown): messages is { role: string; content: string }[] {
  return Array.isArray(messages) && messages.every((m: { role?: unknown; content?: unknown }) => ['system', 'user', 'assistant'].includes(String(m?.role)) && typeof m?.content === 'string')
}

/** A value as Python prints it, for pydantic's error text. */
function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`
  if (typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => `${pythonRepr(k)}: ${pythonRepr(v)}`).join(', ')}}`
  return String(value)
}

/** One token of the answer: a piece of thinking or of the answer. */
interface Token {
  thinking: boolean
  text: string
}

/** What the model writes: its thinking then its answer, cut where the token limit falls. */
function generation(state: State, body: Record<string, unknown>): { tokens: Token[]; finish: string; prompt: number } {
  const messages = body.messages as { content: string }[]
  const answer = state.answer ?? `You said: ${messages[messages.length - 1]!.content}`
  const thinking = state.thinking ?? ''
  const raw = state.vendor === 'vllm' && state.rawThinking && thinking
  const text = raw ? `${state.rawThinking === 'tagged' ? '<think>\n' : ''}${thinking}\n</think>\n\n${answer}` : answer
  const tokens = [...(raw ? [] : pieces(thinking).map((piece) => ({ thinking: true, text: piece }))), ...pieces(text).map((piece) => ({ thinking: false, text: piece }))]
  const asked = maxTokensOf(body)
  // Ollama passes max_tokens on as num_predict, where a negative one means no limit.
  const limit = asked === undefined ? state.defaultMaxTokens : asked < 0 ? Infinity : asked
  const prompt = messages.reduce((sum, m) => sum + Math.ceil(m.content.length / 4), 0)
  return tokens.length > limit ? { tokens: tokens.slice(0, limit), finish: 'length', prompt } : { tokens, finish: 'stop', prompt }
}

function pieces(text: string): string[] {
  return [...text].reduce<string[]>((all, char, i) => (i % 4 === 0 ? [...all, char] : [...all.slice(0, -1), all[all.length - 1] + char]), [])
}

/** How far the answer gets in a mode that ends it early, and how it ends there. */
const CUT_AT = 2
const CUT_FINISH: Partial<Record<ChatMode, string>> = { 'content-filter': 'content_filter', resource: 'insufficient_system_resource', abort: 'abort' }

async function stream(res: ServerResponse, state: State, body: Record<string, unknown>): Promise<void> {
  const { vendor, mode } = state
  const model = typeof body.model === 'string' && body.model ? body.model : state.models[0]!
  const generated = generation(state, body)
  const cutFinish = CUT_FINISH[mode]
  const tokens = cutFinish ? generated.tokens.slice(0, CUT_AT) : generated.tokens
  const finish = cutFinish ?? generated.finish
  const wantsUsage = (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true && mode !== 'no-usage'
  const thought = tokens.filter((token) => token.thinking).length
  const usage = { prompt_tokens: generated.prompt, completion_tokens: tokens.length, total_tokens: generated.prompt + tokens.length }
  const write = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`)
  const pause = () => new Promise((resolve) => setTimeout(resolve, state.pieceMs))
  const created = Math.floor(Date.now() / 1000)
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })

  // Each vendor's chunks. `trouble` says what the mode does at a piece: nothing, or the stream ends there.
  const trouble = (i: number): 'stall' | 'break' | null => (i === CUT_AT && mode === 'stalls' ? 'stall' : i === CUT_AT && (mode === 'breaks' || mode === 'breaks-refused') ? 'break' : null)

  if (vendor === 'vllm') {
    const id = `chatcmpl-${randomUUID().replace(/-/g, '')}`
    const chunk = (delta: Record<string, unknown>, finishReason: string | null) =>
      write({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason, ...(finishReason ? { stop_reason: null } : {}) }] })
    chunk({ role: 'assistant', content: '' }, null)
    for (const [i, token] of tokens.entries()) {
      if (res.destroyed) return
      const now = trouble(i)
      if (now === 'stall') return
      if (now === 'break') {
        const refused = mode === 'breaks-refused'
        write({ error: { message: refused ? 'The request was refused while it was being answered.' : 'Internal server error', type: refused ? 'BadRequestError' : 'InternalServerError', param: null, code: refused ? 400 : 500 } })
        res.end('data: [DONE]\n\n')
        return
      }
      chunk(token.thinking ? { reasoning: token.text } : { content: token.text }, i === tokens.length - 1 ? finish : null)
      await pause()
    }
    if (tokens.length === 0) chunk({ content: '' }, finish)
    if (wantsUsage) write({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })
    res.end('data: [DONE]\n\n')
    return
  }

  if (vendor === 'ollama') {
    const id = `chatcmpl-${Math.floor(Math.random() * 999)}`
    const chunk = (chunkModel: string, delta: Record<string, unknown>, finishReason: string | null) =>
      ({ id, object: 'chat.completion.chunk', created, model: chunkModel, system_fingerprint: 'fp_ollama', choices: [{ index: 0, delta, finish_reason: finishReason }] })
    const role = (i: number) => (i === 0 ? { role: 'assistant' } : {})
    for (const [i, token] of tokens.entries()) {
      if (res.destroyed) return
      const now = trouble(i)
      if (now === 'stall') return
      if (now === 'break') {
        // streamResponse writes {"error":"…"} after the 200; ChatWriter reads it as an empty response.
        write(chunk('', { content: '' }, null))
        res.end()
        return
      }
      write(chunk(model, { ...role(i), content: token.thinking ? '' : token.text, ...(token.thinking ? { reasoning: token.text } : {}) }, null))
      await pause()
    }
    if (tokens.length === 0) write(chunk(model, { role: 'assistant', content: '' }, null))
    const finishChunk = chunk(model, {}, finish)
    write(finishChunk)
    if (wantsUsage) write({ ...finishChunk, choices: [], usage })
    res.end('data: [DONE]\n\n')
    return
  }

  if (vendor === 'deepseek') {
    const id = randomUUID()
    const thinks = (state.thinking ?? '') !== ''
    const chunk = (delta: Record<string, unknown>, finishReason: string | null, last = false) =>
      write({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_contract_prod', choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }], ...(wantsUsage ? { usage: last ? deepSeekUsage(usage, thought, thinks) : null } : {}) })
    res.write(': keep-alive\n\n')
    chunk(thinks ? { role: 'assistant', content: null, reasoning_content: '' } : { role: 'assistant', content: '' }, null)
    for (const [i, token] of tokens.entries()) {
      if (res.destroyed) return
      const now = trouble(i)
      if (now === 'stall') return
      if (now === 'break') {
        res.end(`data: ${JSON.stringify({ error: { message: 'The model is overloaded.', type: 'server_error', param: null, code: 'server_error' } })}\n\n`)
        return
      }
      chunk(token.thinking ? { content: null, reasoning_content: token.text } : thinks ? { content: token.text, reasoning_content: null } : { content: token.text }, null)
      await pause()
    }
    chunk(thinks ? { content: '', reasoning_content: null } : { content: '' }, finish, true)
    res.end('data: [DONE]\n\n')
    return
  }

  const id = `chatcmpl-${Date.now()}`
  const chunk = (delta: Record<string, unknown>, finishReason: string | null) => write({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finishReason }] })
  chunk({ role: 'assistant', content: '' }, null)
  for (const [i, token] of tokens.entries()) {
    if (res.destroyed) return
    const now = trouble(i)
    if (now === 'stall') return
    if (now === 'break') {
      res.end(`data: ${JSON.stringify({ error: { message: 'The model is overloaded.', type: 'server_error' } })}\n\n`)
      return
    }
    // OpenAI counts its models' reasoning but streams none of it.
    if (!token.thinking) chunk({ content: token.text }, null)
    await pause()
  }
  chunk({}, finish)
  if (wantsUsage) write({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: { ...usage, completion_tokens_details: { reasoning_tokens: thought } } })
  res.end('data: [DONE]\n\n')
}

function deepSeekUsage(usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number }, thought: number, thinks: boolean) {
  return {
    ...usage,
    prompt_tokens_details: { cached_tokens: 0 },
    prompt_cache_hit_tokens: 0,
    prompt_cache_miss_tokens: usage.prompt_tokens,
    ...(thinks ? { completion_tokens_details: { reasoning_tokens: thought } } : {}),
  }
}
