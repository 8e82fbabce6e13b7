import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startPixabayContract, type PixabayContract } from '../../../../tests/support/pixabay-contract'
import { TaskFailure } from '../../errors/task-failure'
import { pixabayStock, queryOf, renditionOf, shapeOf } from './pixabay'
import type { StockSearch } from './stock-provider'

describe('Pixabay stock footage, against a contract server of its video search', () => {
  let contract: PixabayContract

  const stock = (apiKey = contract.apiKey, baseUrl = contract.url) => pixabayStock({ apiKey, baseUrl, timeoutMs: 5000 })
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
    contract = await startPixabayContract()
  })
  afterEach(() => {
    contract.mode = 'ok'
  })
  afterAll(async () => {
    await contract.close()
  })

  it("searches in the script's language and records the smallest rendition of 720 or more, passing over a missing one, with the video's page, author, licence and tags", async () => {
    const clips = await search({ terms: ['森林'], language: 'zh', limit: 5 })

    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/api/videos/', status: 200 })
    expect(lastRequest().query).toEqual({ key: contract.apiKey, q: '森林', lang: 'zh', safesearch: 'true', per_page: '5' })
    expect(clips).toEqual([
      {
        id: '31377',
        url: expect.stringMatching(/_small\.mp4$/),
        width: 1280,
        height: 720,
        seconds: 20,
        pageUrl: 'https://pixabay.com/videos/forest-trees-nature-morning-31377/',
        author: 'Engin_Akyurt',
        licence: 'Pixabay Content License',
        tags: ['森林', '树木', '自然', '清晨'],
      },
      expect.objectContaining({ id: '2373', url: expect.stringMatching(/_medium\.mp4$/), width: 1280, height: 720, seconds: 15, tags: ['森林', '雾', '树木', '薄雾'] }),
    ])
  })

  it('puts clips of the shape wanted first, as the video search takes no shape, keeps the others after them to be cropped, and leaves out clips too short', async () => {
    const landscape = await search({ terms: ['city', 'forest'], orientation: 'landscape' })
    expect(lastRequest().query).not.toHaveProperty('orientation')
    expect(landscape.map((c) => shapeOf(c)).at(-1)).toBe('portrait')

    const portrait = await search({ terms: ['city', 'forest'], orientation: 'portrait' })
    expect(portrait.map((c) => [c.id, c.width, c.height])[0]).toEqual(['187451', 720, 1280])
    expect(portrait.length).toBeGreaterThan(1)

    const withShort = await search({ terms: ['forest', 'sunlight'], minSeconds: 3 })
    expect(withShort.map((c) => [c.id, c.seconds, c.width, c.height])).toContainEqual(['44127', 4, 1280, 720])
    expect((await search({ terms: ['forest', 'sunlight'], minSeconds: 5 })).map((c) => c.id)).not.toContain('44127')
  })

  it('cuts the query to 100 characters at a term boundary, which Pixabay takes, where the whole would be refused', async () => {
    const terms = ['forest', ...Array.from({ length: 12 }, (_, i) => `widening${i}`)]
    const whole = terms.join(' ')
    expect(whole.length).toBeGreaterThan(100)
    const refused = await fetch(`${contract.url}videos/?${new URLSearchParams({ key: contract.apiKey, q: whole })}`)
    expect([refused.status, await refused.text()]).toEqual([400, '[ERROR 400] "q" exceeds the maximum length of 100 characters.'])

    const clips = await search({ terms })
    const q = lastRequest().query.q!
    expect(lastRequest().status).toBe(200)
    expect(q.length).toBeLessThanOrEqual(100)
    expect(whole.startsWith(`${q} `)).toBe(true)
    expect(clips.map((c) => c.id)).toContain('31377')

    expect(queryOf(['森'.repeat(150)])).toBe('森'.repeat(100))
    expect(queryOf(['  ', ' early  morning ', 'fog'])).toBe('early morning fog')
  })

  it("asks for a page within Pixabay's 3 to 200, and keeps to the limit asked", async () => {
    const one = await search({ limit: 1 })
    expect(lastRequest().query.per_page).toBe('3')
    expect(one.map((c) => c.id)).toEqual(['31377'])

    await search({ limit: 500 })
    expect(lastRequest().query.per_page).toBe('200')

    const refused = await fetch(`${contract.url}videos/?${new URLSearchParams({ key: contract.apiKey, q: 'forest', per_page: '2' })}`)
    expect([refused.status, await refused.text()]).toEqual([400, '[ERROR 400] "per_page" is out of valid range.'])
  })

  it("says a key Pixabay refuses (a plain-text 400) as the key refused, in both languages, and not to be tried again", async () => {
    const reason = await failure(search({}, stock('not-the-key')), false)

    expect(lastRequest().status).toBe(400)
    expect(reason['en-US']).toBe('Pixabay refused the API key (HTTP 400: [ERROR 400] Invalid or missing API key ([key]).). Check the Pixabay API key in the settings.')
    expect(reason['zh-CN']).toBe('Pixabay 不接受 API 密钥（HTTP 400：[ERROR 400] Invalid or missing API key ([key]).）。请检查设置中的 Pixabay API 密钥。')
  })

  it('says a rate limit as Pixabay limiting requests, to be tried again, as its plain-text 429 and headers say', async () => {
    contract.mode = 'limited'
    const reason = await failure(search(), true)

    expect(reason['en-US']).toBe('Pixabay is limiting requests (HTTP 429: API rate limit exceeded; by default 100 every 60 s); it will be tried again.')
    expect(reason['zh-CN']).toContain('Pixabay 正在限制请求频率')
    const limited = await fetch(`${contract.url}videos/?${new URLSearchParams({ key: contract.apiKey, q: 'forest' })}`)
    expect([limited.status, limited.headers.get('x-ratelimit-remaining'), limited.headers.get('x-ratelimit-limit')]).toEqual([429, '0', '100'])
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeLessThanOrEqual(60)
  })

  it('tries a failing Pixabay again, and says a web page in place of JSON as not what the API documents', async () => {
    contract.mode = 'failing'
    expect((await failure(search(), true))['en-US']).toBe('Pixabay is busy or failing (HTTP 500: Internal Server Error); it will be tried again.')

    contract.mode = 'malformed'
    expect((await failure(search(), false))['en-US']).toMatch(/^Pixabay answered something its API does not document: its search answered <!DOCTYPE html>/)
  })

  it('says neither a wrong address nor a refusal with the key in it', async () => {
    const wrong = await failure(search({}, stock(contract.apiKey, 'ftp://pixabay.example/api/')), false)
    expect(wrong['en-US']).toBe("Pixabay's address must start with http:// or https://: ftp://pixabay.example/api/")

    const other = await failure(search({ language: 'en' }, stock(contract.apiKey, contract.url.replace('/api/', '/elsewhere/'))), false)
    expect(other['en-US']).toMatch(/^Pixabay refused the request \(HTTP 404\)/)
    for (const reason of [wrong, other]) expect(JSON.stringify(reason)).not.toContain(contract.apiKey)
  })

  it('asks nothing without a key, and leaves a language Pixabay does not search in to its default', async () => {
    const before = contract.requests.length
    expect((await failure(search({}, stock(' ')), false))['en-US']).toBe('No Pixabay API key is set. Enter it in the settings.')
    expect(contract.requests.length).toBe(before)

    await search({ language: 'xx' })
    expect(lastRequest().query).not.toHaveProperty('lang')
    await search({ language: 'nb' })
    expect(lastRequest().query.lang).toBe('no')
  })

  it('takes the largest rendition when none reaches 720, and tells a shape by its sides', () => {
    const r = (w: number, h: number, url = `https://cdn.pixabay.com/video/${w}x${h}.mp4`) => ({ url, width: w, height: h, size: w * h, thumbnail: '' })
    expect(renditionOf({ large: r(0, 0, ''), medium: r(960, 540), small: r(640, 360), tiny: r(480, 270) })).toMatchObject({ width: 960, height: 540 })
    expect(renditionOf({ large: r(0, 0, ''), medium: r(0, 0, ''), small: r(0, 0, ''), tiny: r(0, 0, '') })).toBeUndefined()
    expect([shapeOf({ width: 1920, height: 1080 }), shapeOf({ width: 1080, height: 1920 }), shapeOf({ width: 1080, height: 1024 })]).toEqual(['landscape', 'portrait', 'square'])
  })
})
