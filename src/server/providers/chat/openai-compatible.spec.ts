import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startChatContract, type ChatContract } from '../../../../tests/support/chat-contract'
import { TaskFailure } from '../../errors/task-failure'
import { ChatFailure } from './chat-failure'
import { openAiCompatibleChat } from './openai-compatible'

describe('the OpenAI-compatible AI writer, against a contract server', () => {
  let contract: ChatContract
  let defaults: Partial<ChatContract>
  const writer = (overrides: Partial<Parameters<typeof openAiCompatibleChat>[0]> = {}) =>
    openAiCompatibleChat({ baseUrl: contract.url, apiKey: 'sk-contract', model: 'contract-chat', timeoutMs: 1000, ...overrides })
  const ask = (overrides?: Parameters<typeof writer>[0], maxTokens?: number) => writer(overrides).chat({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hello there' }], temperature: 0.3, maxTokens })
  const failure = async (mode: ChatContract['mode'], work: () => Promise<unknown> = () => ask()) => {
    contract.mode = mode
    const error = await work().catch((e: unknown) => e)
    contract.mode = 'ok'
    expect(error).toBeInstanceOf(TaskFailure)
    return error as TaskFailure
  }
  /** What the contract streams, read as a client would. */
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${contract.url}/chat/completions`, { method: 'POST', headers: { authorization: 'Bearer sk-contract', 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) })
  const chunksOf = async (response: Response) =>
    (await response.text())
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => block.slice(6))
      .map((data) => (data === '[DONE]' ? data : (JSON.parse(data) as { choices?: { delta: Record<string, unknown>; finish_reason: string | null }[]; usage?: unknown; model?: string; error?: unknown })))
  const THINKING = 'Hmm, the user greets me. A short, friendly reply is best.'

  beforeAll(async () => {
    contract = await startChatContract()
    defaults = { vendor: contract.vendor, mode: contract.mode, apiKey: contract.apiKey, answer: undefined, thinking: undefined, rawThinking: undefined, defaultMaxTokens: contract.defaultMaxTokens, pieceMs: contract.pieceMs }
  })
  afterEach(() => {
    Object.assign(contract, defaults)
  })
  afterAll(() => contract.close())

  it('streams the answer piece by piece and reads the token counts of its last chunk', async () => {
    const pieces: string[] = []
    const answer = await writer().chat({ messages: [{ role: 'user', content: 'Hello there' }], temperature: 0.3, maxTokens: 200, onText: (text) => pieces.push(text) })
    expect(answer).toEqual({ text: 'You said: Hello there', model: 'contract-chat', usage: { promptTokens: 3, completionTokens: 6, reasoningTokens: 0 }, finish: 'stop' })
    expect(pieces.length).toBe(6)
    expect(pieces.join('')).toBe('You said: Hello there')
    const sent = contract.requests.at(-1)!
    expect(sent.authorization).toBe('Bearer sk-contract')
    expect(sent.body).toEqual({ model: 'contract-chat', messages: [{ role: 'user', content: 'Hello there' }], stream: true, stream_options: { include_usage: true }, temperature: 0.3, max_tokens: 200 })
  })

  it('asks with the model a call names, and says when the vendor counted no tokens', async () => {
    contract.mode = 'no-usage'
    const answer = await writer().chat({ messages: [{ role: 'user', content: 'Hi' }], model: 'contract-large' })
    expect(answer.model).toBe('contract-large')
    expect(answer.usage).toBeNull()
    expect(answer.text).toBe('You said: Hi')
  })

  it('sends no key to a server that takes none', async () => {
    contract.apiKey = ''
    await writer({ apiKey: '' }).chat({ messages: [{ role: 'user', content: 'Hi' }] })
    expect(contract.requests.at(-1)!.authorization).toBeUndefined()
  })

  it('a busy or failing server is a passing failure; a wrong key or model is the vendor refusing, in its own words', async () => {
    const busy = await failure('busy')
    expect(busy.retry).toBe(true)
    expect(busy.reason['en-US']).toBe('The AI writer is busy or failing (HTTP 429: Rate limit reached for requests.); it will be tried again.')
    expect((await failure('failing')).reason['en-US']).toContain('HTTP 500: The server had an error')
    const key = await failure('ok', () => ask({ apiKey: 'sk-wrong' }))
    expect(key.retry).toBe(false)
    expect(key.reason['en-US']).toBe('The AI writer refused the request (HTTP 401): Incorrect API key provided.')
    expect((await failure('ok', () => ask({ model: 'gpt-nine' }))).reason['en-US']).toBe('The AI writer refused the request (HTTP 404): The model `gpt-nine` does not exist or you do not have access to it.')
  })

  it('a server silent before its first word, or in the middle of its answer, is said so', async () => {
    const quick = { timeoutMs: 200 }
    expect((await failure('hangs', () => ask(quick))).reason).toEqual({ 'zh-CN': 'AI 写作服务在 0.2 秒内没有应答。', 'en-US': 'The AI writer said nothing for 0.2 s.' })
    expect((await failure('stalls', () => ask(quick))).reason['en-US']).toBe('The AI writer said nothing for 0.2 s.')
  })

  it('an error sent inside the stream, and an answer that is no stream, end the call with the reason', async () => {
    const broke = await failure('breaks')
    expect(broke.reason['en-US']).toBe('The AI writer failed while answering: The model is overloaded.')
    expect(broke.retry).toBe(true)
    const malformed = await failure('malformed')
    expect(malformed.retry).toBe(false)
    expect(malformed.reason['en-US']).toBe('The AI writer answered something its API does not document: a streamed answer was asked for, it sent text/html')
  })

  it('stops at once when the caller leaves', async () => {
    const left = new AbortController()
    const pieces: string[] = []
    contract.answer = 'A long answer that goes on and on for a while yet.'
    const asked = writer().chat({ messages: [{ role: 'user', content: 'Hi' }], signal: left.signal, onText: (text) => {
      pieces.push(text)
      if (pieces.length === 2) left.abort()
    } })
    const error = await asked.catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(TaskFailure)
    expect(left.signal.aborted).toBe(true)
    expect(pieces.length).toBeLessThan(5)
  })

  it('is reachable when it lists its models, and says why not otherwise', async () => {
    expect(await writer().reachable()).toEqual({ ok: true })
    const wrongKey = await writer({ apiKey: 'sk-wrong' }).reachable()
    expect(wrongKey).toEqual({ ok: false, reason: expect.objectContaining({ 'en-US': 'The AI writer refused the request (HTTP 401): Incorrect API key provided.' }) })
    expect(await writer({ baseUrl: 'http://127.0.0.1:9/v1' }).reachable()).toEqual({ ok: false, reason: expect.objectContaining({ 'en-US': expect.stringContaining('The AI writer could not be reached') }) })
  })

  describe('a reasoning model thinks first, in each vendor’s field; the thinking is never the answer, and is counted', () => {
    it.each([
      ['vllm', 'reasoning', { promptTokens: 3, completionTokens: 21 }],
      ['ollama', 'reasoning', { promptTokens: 3, completionTokens: 21 }],
      ['deepseek', 'reasoning_content', { promptTokens: 3, completionTokens: 21, reasoningTokens: 15 }],
    ] as const)('%s sends it as delta.%s', async (vendor, field, usage) => {
      contract.vendor = vendor
      contract.thinking = THINKING
      const raw = await chunksOf(await post({ model: 'contract-chat', messages: [{ role: 'user', content: 'Hello there' }], stream: true, stream_options: { include_usage: true } }))
      const deltas = raw.flatMap((chunk) => (chunk === '[DONE]' ? [] : (chunk.choices ?? []).map((choice) => choice.delta)))
      expect(deltas.map((delta) => delta[field]).filter((piece) => typeof piece === 'string').join('')).toBe(THINKING)
      const pieces: string[] = []
      const answer = await writer().chat({ messages: [{ role: 'user', content: 'Hello there' }], onText: (text) => pieces.push(text) })
      expect(answer).toEqual({ text: 'You said: Hello there', model: 'contract-chat', usage, finish: 'stop' })
      expect(pieces.join('')).toBe('You said: Hello there')
    })

    it('vLLM puts the finish reason on its last token; Ollama sends a finish chunk of its own, then the counts; DeepSeek counts on the finish chunk', async () => {
      const body = { model: 'contract-chat', messages: [{ role: 'user', content: 'Hi' }], stream: true, stream_options: { include_usage: true } }
      contract.vendor = 'vllm'
      const vllm = await chunksOf(await post(body))
      expect(vllm.at(-3)).toMatchObject({ choices: [{ delta: { content: ': Hi' }, finish_reason: 'stop' }] })
      expect(vllm.at(-2)).toMatchObject({ choices: [], usage: { prompt_tokens: 1, completion_tokens: 3 } })
      contract.vendor = 'ollama'
      const ollama = await chunksOf(await post(body))
      expect(ollama.at(-3)).toMatchObject({ choices: [{ delta: {}, finish_reason: 'stop' }] })
      expect(ollama.at(-2)).toMatchObject({ choices: [], usage: { completion_tokens: 3 } })
      contract.vendor = 'deepseek'
      const deepseek = await chunksOf(await post(body))
      expect(deepseek.at(-2)).toMatchObject({ choices: [{ delta: { content: '' }, finish_reason: 'stop' }], usage: { completion_tokens: 3 } })
      expect(deepseek.slice(0, -2).every((chunk) => chunk !== '[DONE]' && chunk.usage === null)).toBe(true)
      expect(deepseek.at(-1)).toBe('[DONE]')
      expect((await writer().chat({ messages: [{ role: 'user', content: 'Hi' }] })).usage).toEqual({ promptTokens: 1, completionTokens: 3 })
    })

    it('a model thinking for longer than the silence limit is not silent', async () => {
      contract.vendor = 'ollama'
      // About 1.2 s of thinking, a piece every 40 ms, against a 500 ms limit: long enough to tell, with room for a busy machine's pauses.
      contract.thinking = 'Let me think about this for a good while first. '.repeat(3).trim()
      contract.pieceMs = 40
      const answer = await writer({ timeoutMs: 500 }).chat({ messages: [{ role: 'user', content: 'Hi' }] })
      expect(answer.text).toBe('You said: Hi')
    })

    it('thinking a server left in the content, between <think> tags, is not shown or kept as the answer', async () => {
      contract.vendor = 'vllm'
      contract.thinking = THINKING
      contract.rawThinking = 'tagged'
      const pieces: string[] = []
      const answer = await writer().chat({ messages: [{ role: 'user', content: 'Hello there' }], onText: (text) => pieces.push(text) })
      expect(answer.text).toBe('You said: Hello there')
      expect(pieces.join('')).toBe('You said: Hello there')
      // DeepSeek-R1's template opens the tag in the prompt: the thinking cannot be told apart until it closes.
      contract.rawThinking = 'prefilled'
      expect((await writer().chat({ messages: [{ role: 'user', content: 'Hello there' }] })).text).toBe('You said: Hello there')
    })
  })

  describe('an empty answer is a failure that says why', () => {
    it.each(['vllm', 'ollama', 'deepseek'] as const)('%s: a model that spends its whole max_tokens thinking wrote no answer, and what it cost is kept', async (vendor) => {
      contract.vendor = vendor
      contract.thinking = THINKING
      const spent = await failure('ok', () => ask(undefined, 5))
      expect(spent.retry).toBe(false)
      expect(spent.reason).toEqual({
        'zh-CN': 'AI 写作服务把 max_tokens 上限（5 个 token）全部用在了思考上，没有写出回答（思考也计入上限）。请放宽上限，或换用不先思考的模型。',
        'en-US': 'The AI writer spent its max_tokens limit of 5 tokens thinking and wrote no answer (thinking counts toward the limit). Allow it more tokens, or choose a model that does not think first.',
      })
      expect((spent as ChatFailure).usage).toMatchObject({ promptTokens: 6, completionTokens: 5 })
    })

    it('with no max_tokens sent, the limit named is the server’s own, as many tokens as it wrote', async () => {
      contract.vendor = 'vllm'
      contract.thinking = THINKING
      contract.defaultMaxTokens = 8
      const spent = await failure('ok')
      expect(spent.reason['en-US']).toBe("The AI writer spent its server's token limit (8 tokens) thinking and wrote no answer (thinking counts toward the limit). Allow it more tokens, or choose a model that does not think first.")
      expect(spent.reason['zh-CN']).toBe('AI 写作服务把服务端的 token 上限（8 个 token）全部用在了思考上，没有写出回答（思考也计入上限）。请放宽上限，或换用不先思考的模型。')
    })

    it('thinking cut by the limit inside <think> tags is the same failure', async () => {
      contract.vendor = 'vllm'
      contract.thinking = THINKING
      contract.rawThinking = 'tagged'
      expect((await failure('ok', () => ask(undefined, 5))).reason['en-US']).toContain('spent its max_tokens limit of 5 tokens thinking')
    })

    it('an answer that ends with nothing written, after thinking or not, is a passing failure', async () => {
      contract.vendor = 'vllm'
      contract.answer = ''
      const nothing = await failure('ok')
      expect(nothing.retry).toBe(true)
      expect(nothing.reason).toEqual({ 'zh-CN': 'AI 写作服务结束了回答，却什么也没写。', 'en-US': 'The AI writer ended its answer without writing anything.' })
      contract.thinking = THINKING
      expect((await failure('ok')).reason['en-US']).toBe('The AI writer ended with only its thinking and no answer.')
    })
  })

  describe('finish reasons that are not a normal end, and streams that end early', () => {
    it('DeepSeek’s content filter is final; its running short of resources, and vLLM aborting, are passing failures', async () => {
      contract.vendor = 'deepseek'
      const filtered = await failure('content-filter')
      expect(filtered.retry).toBe(false)
      expect(filtered.reason).toEqual({ 'zh-CN': 'AI 写作服务的内容审核拦下了这个回答，请换个说法再试。', 'en-US': "The AI writer's content filter stopped the answer; ask in other words." })
      expect((filtered as ChatFailure).usage).toMatchObject({ completionTokens: 2 })
      const short = await failure('resource')
      expect(short.retry).toBe(true)
      expect(short.reason['en-US']).toBe('The AI writer ran short of resources and stopped the answer; it will be tried again.')
      contract.vendor = 'vllm'
      const aborted = await failure('abort')
      expect(aborted.retry).toBe(true)
      expect(aborted.reason['en-US']).toBe("The AI writer's server gave up on the answer (abort); it will be tried again.")
    })

    it('Ollama losing an error mid-answer closes the stream without a finish or [DONE]: the answer broke off, it is not complete', async () => {
      contract.vendor = 'ollama'
      const pieces: string[] = []
      const broke = await failure('breaks', () => writer().chat({ messages: [{ role: 'user', content: 'Hello there' }], onText: (text) => pieces.push(text) }))
      expect(pieces).toEqual(['You ', 'said'])
      expect(broke.retry).toBe(true)
      expect(broke.reason).toEqual({ 'zh-CN': 'AI 写作服务的回答中断了（数据流在回答结束前关闭）。', 'en-US': "The AI writer's answer broke off (the stream closed before the answer ended)." })
    })

    it('vLLM’s error inside the stream: a failing server is tried again, a refused request is not', async () => {
      contract.vendor = 'vllm'
      const failing = await failure('breaks')
      expect(failing.retry).toBe(true)
      expect(failing.reason['en-US']).toBe('The AI writer failed while answering: Internal server error')
      const refused = await failure('breaks-refused')
      expect(refused.retry).toBe(false)
    })

    it('DeepSeek stalling mid-thinking, with the socket open, is silence', async () => {
      contract.vendor = 'deepseek'
      contract.thinking = THINKING
      expect((await failure('stalls', () => ask({ timeoutMs: 200 }))).reason['en-US']).toBe('The AI writer said nothing for 0.2 s.')
    })
  })

  describe('each vendor refuses and fails in its own words', () => {
    it('vLLM: its 401, an unknown model, a max_tokens below 1; busy it is silent, failing a bare 500', async () => {
      contract.vendor = 'vllm'
      expect((await failure('ok', () => ask({ apiKey: 'sk-wrong' }))).reason['en-US']).toBe('The AI writer refused the request (HTTP 401): Unauthorized')
      expect((await failure('ok', () => ask({ model: 'gpt-nine' }))).reason['en-US']).toBe('The AI writer refused the request (HTTP 404): The model `gpt-nine` does not exist.')
      const negative = await failure('ok', () => ask(undefined, -1))
      expect(negative.reason['en-US']).toBe('The AI writer refused the request (HTTP 400): max_tokens must be at least 1, got -1.')
      expect((await failure('busy', () => ask({ timeoutMs: 200 }))).reason['en-US']).toBe('The AI writer said nothing for 0.2 s.')
      const failing = await failure('failing')
      expect([failing.retry, failing.reason['en-US']]).toEqual([true, 'The AI writer is busy or failing (HTTP 500); it will be tried again.'])
    })

    it('Ollama: no key checked, its 404 for a model not pulled, its 503 when its queue is full', async () => {
      contract.vendor = 'ollama'
      expect((await ask({ apiKey: 'anything' })).text).toBe('You said: Hello there')
      expect((await failure('ok', () => ask({ model: 'qwen3:8b' }))).reason['en-US']).toBe("The AI writer refused the request (HTTP 404): model 'qwen3:8b' not found")
      const busy = await failure('busy')
      expect([busy.retry, busy.reason['en-US']]).toEqual([true, 'The AI writer is busy or failing (HTTP 503: server busy, please try again.  maximum pending requests exceeded); it will be tried again.'])
      expect((await failure('failing')).retry).toBe(true)
      // num_predict below zero is no limit at all.
      expect((await ask(undefined, -1)).finish).toBe('stop')
    })

    it('DeepSeek: its 401 naming the key’s end, 400 for a model it does not have and a max_tokens out of range, 429, 402, 503', async () => {
      contract.vendor = 'deepseek'
      expect((await failure('ok', () => ask({ apiKey: 'sk-wrong-abcd' }))).reason['en-US']).toBe('The AI writer refused the request (HTTP 401): Authentication Fails, Your api key: ****abcd is invalid')
      expect((await failure('ok', () => ask({ model: 'deepseek-chat' }))).reason['en-US']).toBe('The AI writer refused the request (HTTP 400): Model Not Exist')
      expect((await failure('ok', () => ask(undefined, 400_000))).reason['en-US']).toBe('The AI writer refused the request (HTTP 400): Invalid max_tokens value, the valid range of max_tokens is [1, 393216]')
      expect((await failure('busy')).retry).toBe(true)
      const unpaid = await failure('no-balance')
      expect([unpaid.retry, unpaid.reason['en-US']]).toEqual([false, 'The AI writer refused the request (HTTP 402): Insufficient Balance'])
      expect((await failure('failing')).reason['en-US']).toBe('The AI writer is busy or failing (HTTP 503: Server Overloaded); it will be tried again.')
    })

    it('refuses what each vendor refuses, in its shapes: wrong content type, no model, no messages, none at all', async () => {
      const hello = [{ role: 'user', content: 'Hi' }]
      const answer = async (response: Response) => ({ status: response.status, body: (await response.json()) as unknown })
      contract.vendor = 'vllm'
      expect(await answer(await post({ model: 'contract-chat', messages: hello, stream: true }, { 'content-type': 'application/x-www-form-urlencoded' }))).toEqual({
        status: 400,
        body: { error: { message: "1 validation error:\n  Unsupported Media Type: Only 'application/json' is allowed", type: 'Bad Request', param: null, code: 400 } },
      })
      expect(await answer(await post({ model: 'contract-chat', stream: true }))).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining("'loc': ('body', 'messages'), 'msg': 'Field required'"), type: 'Bad Request', code: 400 } } })
      expect(await answer(await post({ model: 'contract-chat', messages: [], stream: true }))).toMatchObject({ status: 400, body: { error: { type: 'BadRequestError', code: 400 } } })
      const served = await chunksOf(await post({ messages: hello, stream: true }))
      expect(served[0]).toMatchObject({ model: 'contract-chat' })
      expect(await answer(await post({ model: 'contract-chat', messages: hello }, { authorization: 'Bearer sk-wrong' }))).toEqual({ status: 401, body: { error: 'Unauthorized' } })

      contract.vendor = 'ollama'
      expect((await post({ model: 'contract-chat', messages: hello, stream: true }, { 'content-type': 'text/plain' })).status).toBe(200)
      expect(await answer(await post({ model: 'contract-chat', stream: true }))).toEqual({ status: 400, body: { error: { message: "[] is too short - 'messages'", type: 'invalid_request_error', param: null, code: null } } })
      expect(await answer(await post({ model: 'contract-chat', messages: [], stream: true }))).toMatchObject({ status: 400, body: { error: { message: "[] is too short - 'messages'" } } })
      expect(await answer(await post({ messages: hello, stream: true }))).toEqual({ status: 400, body: { error: { message: 'model is required', type: 'invalid_request_error', param: null, code: null } } })
      expect(await answer(await post({ model: 'gpt-nine', messages: hello, stream: true }))).toEqual({ status: 404, body: { error: { message: "model 'gpt-nine' not found", type: 'not_found_error', param: null, code: null } } })

      contract.vendor = 'deepseek'
      const noMessages = JSON.stringify({ model: 'contract-chat', stream: true })
      expect(await answer(await post(noMessages))).toEqual({
        status: 400,
        body: { error: { message: `Failed to deserialize the JSON body into the target type: missing field \`messages\` at line 1 column ${noMessages.length}`, type: 'invalid_request_error', param: null, code: 'invalid_request_error' } },
      })
      expect(await answer(await post({ messages: hello, stream: true }))).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('missing field `model`') } } })
      expect(await answer(await post({ model: 'contract-chat', messages: [], stream: true }))).toMatchObject({ status: 400, body: { error: { code: 'invalid_request_error' } } })
      expect(await answer(await post({ model: 'contract-chat', messages: hello, stream: true }, { 'content-type': 'text/plain' }))).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error' } } })

      contract.vendor = 'openai'
      expect(await answer(await post({ messages: hello, stream: true }))).toEqual({ status: 400, body: { error: { message: 'you must provide a model parameter', type: 'invalid_request_error', param: null, code: null } } })
      expect(await answer(await post({ model: 'contract-chat', messages: [], stream: true }))).toMatchObject({ status: 400, body: { error: { param: 'messages', code: 'empty_array' } } })
      expect(await answer(await post({ model: 'contract-chat', messages: hello, stream: true, max_tokens: -1 }))).toMatchObject({ status: 400, body: { error: { param: 'max_tokens', code: 'integer_below_min_value' } } })
    })
  })
})
