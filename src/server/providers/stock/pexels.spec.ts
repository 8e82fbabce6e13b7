import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startPexelsContract, type PexelsContract } from '../../../../tests/support/pexels-contract'
import { TaskFailure } from '../../errors/task-failure'
import { localeOf, pexelsStock, tagsOf } from './pexels'
import type { StockSearch } from './stock-provider'

describe('Pexels stock footage, against a contract server of its video search', () => {
  let contract: PexelsContract

  const stock = (apiKey = contract.apiKey) => pexelsStock({ apiKey, baseUrl: contract.url, timeoutMs: 5000 })
  const search = (over: Partial<StockSearch> = {}, provider = stock()) =>
    provider.search({ terms: ['forest'], orientation: 'landscape', minSeconds: 5, limit: 10, language: 'en', ...over })
  const outcome = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error)
  const failure = async (promise: Promise<unknown>, retry: boolean) => {
    const error = await outcome(promise)
    expect(error).toBeInstanceOf(TaskFailure)
    expect((error as TaskFailure).retry).toBe(retry)
    return (error as TaskFailure).reason
  }
  const lastRequest = () => contract.requests.at(-1)!

  beforeAll(async () => {
    contract = await startPexelsContract()
  })
  afterEach(() => {
    contract.mode = 'ok'
  })
  afterAll(async () => {
    await contract.close()
  })

  it("asks with the bare key for the sentence's words, shape and language, and records the smallest rendition of 720 or more with the video's page, author, licence and slug words", async () => {
    const clips = await search()

    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/videos/search', authorization: contract.apiKey, status: 200 })
    expect(lastRequest().query).toEqual({ query: 'forest', orientation: 'landscape', per_page: '10', locale: 'en-US' })
    expect(clips).toEqual([{
      id: '1448735',
      url: expect.stringContaining('profile_id=174'),
      width: 1366,
      height: 720,
      seconds: 32,
      pageUrl: 'https://www.pexels.com/video/video-of-forest-1448735/',
      author: 'Ruvim Miksanskiy',
      licence: 'Pexels License',
      tags: ['forest'],
    }])
  })

  it('searches Chinese in zh-CN, and gives a video whose page has no words in its address no tags', async () => {
    const clips = await search({ terms: ['森林'], orientation: 'portrait', language: 'zh' })

    expect(lastRequest().query).toMatchObject({ query: '森林', orientation: 'portrait', locale: 'zh-CN' })
    expect(clips).toEqual([expect.objectContaining({ id: '2499611', width: 720, height: 1280, seconds: 22, pageUrl: 'https://www.pexels.com/video/2499611/', author: 'Joey Farina', tags: [] })])
  })

  it('leaves out clips shorter than the sentence needs, and takes a file of no stated quality like any other', async () => {
    const long = await search({ terms: ['city', 'night'], orientation: 'portrait', minSeconds: 5 })
    expect(long.map((c) => c.id)).toEqual(['5532771'])

    const all = await search({ terms: ['city', 'night'], orientation: 'portrait', minSeconds: 2 })
    expect(all.map((c) => [c.id, c.seconds, c.width, c.height])).toEqual([['3195394', 3, 720, 1280], ['5532771', 14, 720, 1280]])
    expect(all[0]!.url).toContain('3195394-hd_720_1280')
    expect(all[0]!.tags).toEqual(['city', 'lights', 'night'])
  })

  it('takes the largest file of a video none of whose files reach 720, never its HLS stream', async () => {
    const [clip] = await search({ terms: ['waves'] })

    expect(clip).toMatchObject({ id: '854982', width: 960, height: 540, url: expect.stringMatching(/960_540.*\.mp4$/) })
  })

  it('asks for at most 80 a page, as many as Pexels gives, and keeps to the limit asked', async () => {
    await search({ limit: 200 })
    expect(lastRequest().query.per_page).toBe('80')

    const clips = await search({ terms: ['morning'], orientation: 'square', limit: 1 })
    expect(lastRequest().query.per_page).toBe('1')
    expect(clips.map((c) => [c.id, c.width, c.height])).toEqual([['6060027', 1080, 1080]])
  })

  it('says a key Pexels refuses as the key refused, in both languages, and not to be tried again', async () => {
    const reason = await failure(search({}, stock('not-the-key')), false)

    expect(lastRequest().status).toBe(401)
    expect(reason['en-US']).toMatch(/^Pexels refused the API key \(HTTP 401: .+\)\. Check the Pexels API key in the settings\.$/)
    expect(reason['zh-CN']).toMatch(/^Pexels 不接受 API 密钥（HTTP 401：.+）。请检查设置中的 Pexels API 密钥。$/)
  })

  it('asks nothing without a key', async () => {
    const before = contract.requests.length
    const reason = await failure(search({}, stock('  ')), false)

    expect(reason['en-US']).toBe('No Pexels API key is set. Enter it in the settings.')
    expect(contract.requests.length).toBe(before)
  })

  it('says a rate limit as Pexels limiting requests, to be tried again', async () => {
    contract.mode = 'limited'
    const reason = await failure(search(), true)

    expect(lastRequest().status).toBe(429)
    expect(reason['en-US']).toMatch(/^Pexels is limiting requests \(HTTP 429: Rate limit exceeded; by default 200 an hour and 20,000 a month\); it will be tried again\.$/)
    expect(reason['zh-CN']).toContain('Pexels 正在限制请求频率')
  })

  it('tries a failing Pexels again, and says an answer without videos as not what the API documents', async () => {
    contract.mode = 'failing'
    expect((await failure(search(), true))['en-US']).toMatch(/^Pexels is busy or failing \(HTTP 500/)

    contract.mode = 'malformed'
    expect((await failure(search(), false))['en-US']).toMatch(/^Pexels answered something its API does not document: its search answered .* without videos$/)
  })

  it('counts the requests of the month down on each answer, as Pexels does, and leaves them off a 429', async () => {
    const ok = await fetch(`${contract.url}/videos/search?query=forest`, { headers: { authorization: contract.apiKey } })
    expect(ok.headers.get('x-ratelimit-limit')).toBe('20000')
    expect(Number(ok.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000)

    contract.mode = 'limited'
    const limited = await fetch(`${contract.url}/videos/search?query=forest`, { headers: { authorization: contract.apiKey } })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('x-ratelimit-remaining')).toBeNull()
    const bearer = await fetch(`${contract.url}/videos/search?query=forest`, { headers: { authorization: `Bearer ${contract.apiKey}` } })
    expect(bearer.status).toBe(401)
  })

  it("searches a language in the locale Pexels lists for it, and one it does not list in Pexels' default", () => {
    expect([localeOf('zh'), localeOf('en'), localeOf('pt'), localeOf('no'), localeOf('zh-TW'), localeOf('xx')]).toEqual(['zh-CN', 'en-US', 'pt-BR', 'nb-NO', 'zh-TW', undefined])
  })

  it('takes tags from the words of the page address, without its id, fillers or repeats', () => {
    expect(tagsOf({ id: 1, url: 'https://www.pexels.com/video/a-dog-running-on-the-beach-with-a-dog-1/' })).toEqual(['dog', 'running', 'beach'])
    expect(tagsOf({ id: 2, url: 'https://www.pexels.com/video/2/', tags: ['sea'] })).toEqual(['sea'])
    expect(tagsOf({ id: 3, url: 'not an address' })).toEqual([])
  })
})
