import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConsoleContext, type ConsoleContextValue } from '../ConsoleContext'
import { FieldValue } from './FieldValue'
import { TranslateContext } from '../i18n/translate'
import type { FieldInfo } from './fields'
import { downloadName } from './MediaPreview'

afterEach(cleanup)

const money: FieldInfo = { name: 'price', schema: { type: 'string', format: 'money' }, kind: 'money' }
const shown = (value: unknown) =>
  render(
    <ConsoleContext.Provider value={{ locale: 'en-US' } as unknown as ConsoleContextValue}>
      <FieldValue field={money} value={value} />
    </ConsoleContext.Provider>,
  ).container.textContent

describe('FieldValue of an amount', () => {
  it('groups thousands as the dashboard figures do, with the currency after it', () => {
    expect(shown('1380.00')).toBe('1,380.00 money.currency')
    expect(shown('-1234567.50')).toBe('-1,234,567.50 money.currency')
    expect(shown('12.50')).toBe('12.50 money.currency')
  })
})

describe('FieldValue of a count (x-widget count)', () => {
  const views: FieldInfo = { name: 'views', schema: { type: ['integer', 'null'], 'x-widget': 'count' }, kind: 'count' }
  it("groups a count's thousands in either locale, keeps a small or negative one plain, and shows a dash for none", () => {
    expect(detail(views, 1234567).textContent).toBe('1,234,567')
    expect(detail(views, 1234567, {}, 'zh-CN').textContent).toBe('1,234,567')
    expect(detail(views, 980).textContent).toBe('980')
    expect(detail(views, -1500).textContent).toBe('-1,500')
    expect(detail(views, 0).textContent).toBe('0')
    expect(detail(views, null).textContent).toBe('—')
  })
})

const media: FieldInfo = { name: 'url', schema: { type: 'string', format: 'media-url', 'x-widget': 'media' }, kind: 'media' }
const detail = (field: FieldInfo, value: unknown, record?: Record<string, unknown>, locale = 'en-US') =>
  render(
    <ConsoleContext.Provider value={{ locale } as unknown as ConsoleContextValue}>
      <FieldValue field={field} value={value} record={record} layout="detail" />
    </ConsoleContext.Provider>,
  ).container

describe('FieldValue of a stored file (x-widget media)', () => {
  it('plays a video in the page, its cover first, with a link that downloads it', () => {
    const shown = detail(media, '/uploads/2026-03/a.mp4', { kind: 'mixed_cut', cover_url: '/uploads/2026-03/a.jpg', title: 'Spring sale #1' })
    const video = shown.querySelector('video')!
    expect([video.getAttribute('src'), video.getAttribute('poster'), video.hasAttribute('controls'), video.getAttribute('aria-label')]).toEqual(['/uploads/2026-03/a.mp4', '/uploads/2026-03/a.jpg', true, 'Spring sale #1'])
    expect(shown.querySelector('a[download]')!.getAttribute('href')).toBe('/uploads/2026-03/a.mp4')
    // Saved under the work's title, not the store's random key.
    expect(shown.querySelector('a[download]')!.getAttribute('download')).toBe('Spring sale #1.mp4')
  })

  it('names a download after its title, less what a file name cannot hold', () => {
    expect(downloadName('春季 / 新品: 上市?', '/uploads/x/3f2a.mp4')).toBe('春季 新品 上市.mp4')
    expect(downloadName('clip.mp4', '/uploads/x/ab.mp4')).toBe('clip.mp4')
    expect(downloadName('  ', '/uploads/x/ab.jpg')).toBe('download.jpg')
  })

  it("plays audio by the record's kind whatever the extension, and shows a picture", () => {
    expect(detail(media, '/uploads/x.bin', { kind: 'audio' }).querySelector('audio')?.getAttribute('src')).toBe('/uploads/x.bin')
    expect(detail(media, '/uploads/x.png', { kind: 'image' }).querySelector('img')?.getAttribute('src')).toBe('/uploads/x.png')
  })

  it('offers only the download of a file it cannot tell how to play', () => {
    const shown = detail(media, '/uploads/x.bin', {})
    expect(shown.querySelector('video, audio, img')).toBeNull()
    expect(shown.querySelector('a[download]')).not.toBeNull()
  })
})

describe('FieldValue of a text in both locales and of progress', () => {
  const stage: FieldInfo = { name: 'stage', schema: { type: 'object' }, kind: 'text' }
  it("reads a task's stage in the console's locale, and nothing for none", () => {
    expect(detail(stage, { 'zh-CN': '合成第 1/3 条', 'en-US': 'Rendering 1 of 3' }, {}, 'zh-CN').textContent).toBe('合成第 1/3 条')
    expect(detail(stage, { 'zh-CN': '合成第 1/3 条', 'en-US': 'Rendering 1 of 3' }).textContent).toBe('Rendering 1 of 3')
    expect(detail(stage, {}).textContent).toBe('—')
    expect(detail(stage, { outputs: [] }).textContent).toBe('{"outputs":[]}')
  })

  it('draws progress as a bar', () => {
    const bar = detail({ name: 'progress', schema: { type: 'integer', 'x-widget': 'progress' }, kind: 'progress' }, 40).querySelector('[role="progressbar"]')!
    expect(bar.getAttribute('aria-valuenow')).toBe('40')
  })
})

describe('FieldValue of a list of texts (an array of strings)', () => {
  const titles: FieldInfo = { name: 'titles', schema: { type: 'array', items: { type: 'string' } }, kind: 'textList' }
  it('numbers them a line each on a detail page, joins them in a list cell, and shows a dash for none', () => {
    const shown = detail(titles, ['Tea for two', 'A cup at dawn'])
    expect([...shown.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['Tea for two', 'A cup at dawn'])
    expect(shown.textContent).not.toContain('[')
    const cell = render(
      <ConsoleContext.Provider value={{ locale: 'en-US' } as unknown as ConsoleContextValue}>
        <FieldValue field={titles} value={['Tea for two', 'A cup at dawn']} />
      </ConsoleContext.Provider>,
    ).container
    expect(cell.textContent).toBe('Tea for two · A cup at dawn')
    expect(detail(titles, []).textContent).toBe('—')
  })
})

describe('FieldValue of a file size and a length (x-widget file-size, seconds)', () => {
  const size: FieldInfo = { name: 'size', schema: { type: 'number', 'x-widget': 'file-size' }, kind: 'fileSize' }
  const duration: FieldInfo = { name: 'duration', schema: { type: 'number', 'x-widget': 'seconds' }, kind: 'seconds' }
  it('reads bytes as B, KB or MB, and seconds to a tenth, in the locale’s words', () => {
    expect(detail(size, 669976).textContent).toBe('654 KB')
    expect(detail(size, 5_452_595).textContent).toBe('5.2 MB')
    expect(detail(size, 512).textContent).toBe('512 B')
    const said: unknown[] = []
    const translation = { locale: 'zh-CN', provider: { translate: (key: string, options?: unknown) => (said.push([key, options]), key), changeLocale: async () => {}, getLocale: () => 'zh-CN' } }
    const inChinese = (value: number) =>
      render(
        <TranslateContext.Provider value={translation}>
          <ConsoleContext.Provider value={{ locale: 'zh-CN' } as unknown as ConsoleContextValue}>
            <FieldValue field={duration} value={value} layout="detail" />
          </ConsoleContext.Provider>
        </TranslateContext.Provider>,
      )
    inChinese(4.934)
    inChinese(12345.06)
    expect(said).toEqual([
      ['task.seconds', { seconds: '4.9' }],
      ['task.seconds', { seconds: '12,345.1' }],
    ])
  })

  it('gives a still its size in pixels instead of a length of nothing, and a file with neither a dash', () => {
    expect(detail(duration, 0, { kind: 'image', width: 1080, height: 1920 }).textContent).toBe('1080 × 1920')
    expect(detail(duration, 0, { kind: 'font', width: null, height: null }).textContent).toBe('—')
    expect(detail(duration, 0).textContent).toBe('—')
  })
})

describe('FieldValue of a file format (x-widget file-format)', () => {
  const format: FieldInfo = { name: 'format', schema: { type: 'string', 'x-widget': 'file-format' }, kind: 'fileFormat' }
  it('names the format by the extension the file is kept under, ffprobe\'s list kept in its title', () => {
    const shown = detail(format, 'mov,mp4,m4a,3gp,3g2,mj2', { url: '/uploads/2026-11/clip.mp4' })
    expect(shown.textContent).toBe('MP4')
    expect(shown.querySelector('span')!.title).toBe('mov,mp4,m4a,3gp,3g2,mj2')
    expect(detail(format, 'mov,mp4,m4a,3gp,3g2,mj2', { url: '/uploads/2026-11/take.MOV' }).textContent).toBe('MOV')
    expect(detail(format, 'matroska,webm').textContent).toBe('MATROSKA')
  })
})
