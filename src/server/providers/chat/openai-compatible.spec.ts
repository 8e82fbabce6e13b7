import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatContract, type ChatContract } from '../../../../tests/support/chat-contract'
import { TaskFailure } from '../../tasks/task-handler'
import { openAiCompatibleChat } from './openai-compatible'

describe('the OpenAI-compatible AI writer, against a contract server', () => {
  let contract: ChatContract
  const writer = (overrides: Partial<Parameters<typeof openAiCompatibleChat>[0]> = {}) =>
    openAiCompatibleChat({ baseUrl: contract.url, apiKey: 'sk-contract', model: 'contract-chat', timeoutMs: 1000, ...overrides })
  const ask = (overrides?: Parameters<typeof writer>[0]) => writer(overrides).chat({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hello there' }], temperature: 0.3 })
  const failure = async (mode: ChatContract['mode'], work: () => Promise<unknown> = () => ask()) => {
    contract.mode = mode
    const error = await work().catch((e: unknown) => e)
    contract.mode = 'ok'
    expect(error).toBeInstanceOf(TaskFailure)
    return error as TaskFailure
  }

  beforeAll(async () => {
    contract = await startChatContract()
  })
  afterAll(() => contract.close())

  it('streams the answer piece by piece and reads the token counts of its last chunk', async () => {
    const pieces: string[] = []
    const answer = await writer().chat({ messages: [{ role: 'user', content: 'Hello there' }], temperature: 0.3, maxTokens: 200, onText: (text) => pieces.push(text) })
    expect(answer).toEqual({ text: 'You said: Hello there', model: 'contract-chat', usage: { promptTokens: 3, completionTokens: 6 }, finish: 'stop' })
    expect(pieces.length).toBe(6)
    expect(pieces.join('')).toBe('You said: Hello there')
    const sent = contract.requests.at(-1)!
    expect(sent.authorization).toBe('Bearer sk-contract')
    expect(sent.body).toEqual({ model: 'contract-chat', messages: [{ role: 'user', content: 'Hello there' }], stream: true, stream_options: { include_usage: true }, temperature: 0.3, max_tokens: 200 })
  })

  it('asks with the model a call names, and says when the vendor counted no tokens', async () => {
    contract.mode = 'no-usage'
    const answer = await writer().chat({ messages: [{ role: 'user', content: 'Hi' }], model: 'contract-large' })
    contract.mode = 'ok'
    expect(answer.model).toBe('contract-large')
    expect(answer.usage).toBeNull()
    expect(answer.text).toBe('You said: Hi')
  })

  it('sends no key to a server that takes none', async () => {
    contract.apiKey = ''
    await writer({ apiKey: '' }).chat({ messages: [{ role: 'user', content: 'Hi' }] })
    contract.apiKey = 'sk-contract'
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
    expect((await failure('hangs')).reason).toEqual({ 'zh-CN': 'AI 写作服务在 1 秒内没有应答。', 'en-US': 'The AI writer said nothing for 1 s.' })
    expect((await failure('stalls')).reason['en-US']).toBe('The AI writer said nothing for 1 s.')
  })

  it('an error sent inside the stream, and an answer that is no stream, end the call with the reason', async () => {
    expect((await failure('breaks')).reason['en-US']).toBe('The AI writer failed while answering: The model is overloaded.')
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
    contract.answer = undefined
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
})
