import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGptSovitsContract, type GptSovitsContract } from '../../../../tests/support/gpt-sovits-contract'
import { TaskFailure } from '../../errors/task-failure'
import { gptSovitsSpeech, gptSovitsVersion, gptSovitsVoice } from './gpt-sovits'
import { probeMedia } from '../../media/probe'

describe('speech through GPT-SoVITS api_v2, against its contract server', () => {
  let contract: GptSovitsContract
  let dir: string
  const voice = gptSovitsVoice('cmn', '/data/refs/shop-7.wav')
  const failureOf = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('it should fail'), (error: unknown) => error as TaskFailure)

  beforeAll(async () => {
    contract = await startGptSovitsContract()
    contract.slowMs = 600
    contract.references.add('/data/refs/shop-7.wav')
    dir = mkdtempSync(join(tmpdir(), 'gpt-sovits-'))
  })
  afterAll(async () => {
    await contract.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const speech = (timeoutMs = 2000) => gptSovitsSpeech({ baseUrl: contract.url, timeoutMs })

  it('sends the documented request and keeps the WAV it answers, the reference read with its words where the voice kept them', async () => {
    contract.mode = 'ok'
    contract.version = 'v2'
    const spoken = await speech().speak({ text: '欢迎光临本店，今天全场八折。', voice, speed: 350, output: join(dir, 'ok.wav') })
    expect(contract.calls.at(-1)).toEqual({ text: '欢迎光临本店，今天全场八折。', text_lang: 'zh', ref_audio_path: '/data/refs/shop-7.wav', prompt_lang: 'zh', prompt_text: '', media_type: 'wav', streaming_mode: false, speed_factor: 2 })
    expect(spoken.durationSeconds).toBeGreaterThan(0.5)
    await speech().speak({ text: '欢迎光临。', voice, output: join(dir, 'words.wav'), referenceText: '大家好，欢迎来到我们的直播间。' })
    expect(contract.calls.at(-1)).toMatchObject({ prompt_text: '大家好，欢迎来到我们的直播间。' })
    expect(speech().describe['en-US']).toContain('GPT-SoVITS (127.0.0.1:')
  })

  it('with v3 or v4 weights, a voice without its reference\'s words is refused as needing them, and one with them speaks at the version\'s rate', async () => {
    contract.mode = 'ok'
    contract.version = 'v4'
    try {
      const refused = await failureOf(speech().speak({ text: '欢迎光临。', voice, output: join(dir, 'v4.wav') }))
      expect([refused.retry, refused.reason['en-US']]).toEqual([false, expect.stringMatching(/^GPT-SoVITS runs v3\/v4 weights, which need the words of the voice's reference recording/)])
      await speech().speak({ text: '欢迎光临本店。', voice, output: join(dir, 'v4.wav'), referenceText: '大家好。' })
      expect((await probeMedia(join(dir, 'v4.wav'))).audioSampleRate).toBe(48000)
      expect(await gptSovitsVersion({ baseUrl: contract.url, timeoutMs: 2000 })).toBe('v4')
      contract.version = 'v1'
      expect(await gptSovitsVersion({ baseUrl: contract.url, timeoutMs: 2000 })).toBe('v1')
    } finally {
      contract.version = 'v2'
    }
  })

  it('takes a second of silence for the failed synthesis it is, to be tried again, and sends no text without words', async () => {
    contract.mode = 'synthesis-fails'
    const silent = await failureOf(speech().speak({ text: '欢迎光临本店，今天全场八折。', voice, output: join(dir, 's.wav') }))
    expect([silent.retry, silent.reason['en-US']]).toEqual([true, 'GPT-SoVITS answered 1.0 s of silence: its synthesis failed (out of GPU memory, for example); it will be tried again.'])
    contract.mode = 'ok'
    const sent = contract.calls.length
    const empty = await failureOf(speech().speak({ text: '……！', voice, output: join(dir, 'e.wav') }))
    expect([empty.retry, empty.reason['en-US'], contract.calls.length]).toEqual([false, '"……！" holds no words to say.', sent])
  })

  it('says a refusal in the vendor\'s words with what failed, final; a proxy\'s 503 and a slow answer as passing, to be tried again', async () => {
    contract.mode = 'ok'
    const refused = await failureOf(speech().speak({ text: 'Hello.', voice: gptSovitsVoice('en', '/data/refs/gone.wav'), output: join(dir, 'x.wav') }))
    expect(refused).toBeInstanceOf(TaskFailure)
    expect([refused.retry, refused.reason['en-US']]).toEqual([false, 'GPT-SoVITS refused the request (HTTP 400): tts failed: /data/refs/gone.wav not exists'])
    contract.mode = 'proxy-busy'
    const busy = await failureOf(speech().speak({ text: 'Hello.', voice, output: join(dir, 'x.wav') }))
    expect([busy.retry, busy.reason['en-US']]).toEqual([true, 'GPT-SoVITS is busy or failing (HTTP 503: Service Unavailable); it will be tried again.'])
    contract.mode = 'slow'
    const slow = await failureOf(speech(300).speak({ text: 'Hello.', voice, output: join(dir, 'x.wav') }))
    expect([slow.retry, slow.reason['zh-CN']]).toEqual([true, 'GPT-SoVITS 在 0.3 秒内没有应答，稍后会重试。'])
    // The server never hears that the caller gave up: the synthesis runs to its end, and the next call waits for it.
    await contract.settled()
  })

  it('refuses an answer that is not the WAV it documents, and stops at once when cancelled', async () => {
    contract.mode = 'gateway-page'
    const html = await failureOf(speech().speak({ text: 'Hello.', voice, output: join(dir, 'm.wav') }))
    expect([html.retry, html.reason['en-US']]).toEqual([false, 'GPT-SoVITS answered something its API does not document: /tts answered text/html (39 bytes), not a WAV file'])
    contract.mode = 'broken-wav'
    expect((await failureOf(speech().speak({ text: 'Hello.', voice, output: join(dir, 'b.wav') }))).reason['en-US']).toContain('/tts answered audio/wav (30 bytes), not a WAV file')
    contract.mode = 'slow'
    const stop = new AbortController()
    const started = Date.now()
    const cancelled = speech(5000).speak({ text: 'Hello.', voice, output: join(dir, 'c.wav'), signal: stop.signal })
    setTimeout(() => stop.abort(new Error('Cancelled.')), 100)
    await expect(cancelled).rejects.toThrow('Cancelled.')
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('cannot be reached: a passing failure', async () => {
    // A port that was just free: nothing listens there.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const gone = gptSovitsSpeech({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 1000 })
    const failure = await failureOf(gone.speak({ text: 'Hello.', voice, output: join(dir, 'x.wav') }))
    expect([failure.retry, failure.reason['en-US']]).toEqual([true, 'GPT-SoVITS could not be reached (ECONNREFUSED); it will be tried again.'])
  })
})
