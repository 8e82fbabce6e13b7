import { resolve } from 'node:path'
import { cleanup, fireEvent, render } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeAll, afterEach, describe, expect, it } from 'vitest'
import type { Task } from '../../generated/types'
import { readSchemaFiles } from '../../schema/load-files'
import { createRegistry } from '../../schema/registry'
import { ConsoleContext, type ConsoleContextValue } from '../ConsoleContext'
import { TranslateContext } from '../i18n/translate'
import { createI18nProvider, LOCALE_KEY } from '../providers/i18nProvider'
import { TaskCard } from './TaskCard'
import type { TaskAction } from './useTaskActions'
import { loadLocale } from '../i18n/locale-packs'

// The words of both locales, which the console loads as each is first wanted.
beforeAll(() => Promise.all([loadLocale('zh-CN'), loadLocale('en-US')]))

afterEach(cleanup)

const registry = createRegistry(readSchemaFiles(resolve(__dirname, '../../../schemas')))

const task = (change: Partial<Task>): Task => ({
  id: 7, kind: 'mixed_cut', title: 'Spring sale', owner_id: 3, status: 'running', progress: 40,
  stage: { 'zh-CN': '合成第 2/3 条', 'en-US': 'Rendering 2 of 3' }, input: {}, result: {}, error: {},
  attempts: 1, runs: 1, max_attempts: 3, cost_ledger: 'money', cost_amount: 30, cost_state: 'reserved',
  size: {}, reference: 'req-7', created_at: '2026-03-15T08:00:00.000Z', updated_at: '2026-03-15T08:00:05.000Z', ...change,
})

function shown(record: Task, locale: 'zh-CN' | 'en-US' = 'en-US') {
  const asked: [TaskAction, number][] = []
  const storage = new Storage()
  storage.setItem(LOCALE_KEY, locale)
  const view = render(
    <MemoryRouter>
      <ConsoleContext.Provider value={{ registry, locale } as unknown as ConsoleContextValue}>
        <TranslateContext.Provider value={{ provider: createI18nProvider(storage), locale }}>
          <TaskCard task={record} act={(action, t) => asked.push([action, t.id])} />
        </TranslateContext.Provider>
      </ConsoleContext.Provider>
    </MemoryRouter>,
  )
  return { card: view.container, asked }
}

describe('a task as its card shows it', () => {
  it('while it runs: its progress, what it is doing in the locale, what it reserved, and cancel only', () => {
    const { card, asked } = shown(task({}), 'zh-CN')
    expect(card.querySelector('[role="progressbar"]')!.getAttribute('aria-valuenow')).toBe('40')
    expect(card.textContent).toContain('合成第 2/3 条')
    expect(card.textContent).toContain('混剪')
    expect(card.textContent).toContain('进行中')
    expect(card.textContent).toContain('费用：0.30 元')
    expect(card.textContent).toContain('已预扣')
    const buttons = [...card.querySelectorAll('button')]
    expect(buttons.map((b) => b.textContent)).toEqual(['取消任务'])
    fireEvent.click(buttons[0]!)
    expect(asked).toEqual([['cancel', 7]])
    expect(card.querySelector('a[href="/creation/task/show/7"]')).not.toBeNull()
  })

  it('once failed: why, in the locale, with retry and delete', () => {
    const { card } = shown(task({ status: 'failed', error: { 'zh-CN': '素材已被删除', 'en-US': 'A material it uses has been deleted' }, cost_state: 'released' }))
    expect(card.querySelector('.ant-alert-error')!.textContent).toBe('A material it uses has been deleted')
    expect(card.textContent).not.toContain('Rendering 2 of 3')
    expect([...card.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Retry', 'Delete'])
  })

  it('once done: each video it made, playable with its cover and downloadable, and the way to the works', () => {
    const outputs = [1, 2, 3].map((i) => ({ url: `/uploads/v${i}.mp4`, cover_url: `/uploads/v${i}.jpg`, duration: 4, width: 480, height: 854, size: 120_000 }))
    const { card } = shown(task({ status: 'succeeded', progress: 100, result: { outputs }, cost_state: 'captured' }))
    const videos = [...card.querySelectorAll('video')]
    expect(videos.map((v) => [v.getAttribute('src'), v.getAttribute('poster'), v.hasAttribute('controls')])).toEqual(outputs.map((o) => [o.url, o.cover_url, true]))
    expect([...card.querySelectorAll('a[download]')].map((a) => a.getAttribute('href'))).toEqual(outputs.map((o) => o.url))
    expect(card.textContent).toContain('480×854')
    expect(card.querySelector('a[href^="/digital-human/digital-video?filters"]')!.getAttribute('href')).toContain('value]=7')
  })

  it('says what each variant is made of: its clips, which part of which material, and its lines with their times', () => {
    const output = {
      url: '/uploads/v1.mp4', duration: 9.4,
      clips: [{ material_id: 4, name: 'sunrise.mp4', start: 0.5, end: 4.5 }, { material_id: 5, name: 'coffee.mp4', start: 0, end: 4, hold: 0.4 }],
      lines: [{ start: 0, end: 3.1, text: '海边的日出真美。' }, { start: 3.4, end: 8.8, text: '来一杯咖啡。' }],
    }
    const { card } = shown(task({ status: 'succeeded', progress: 100, result: { outputs: [output] }, cost_state: 'captured' }), 'zh-CN')
    const parts = card.querySelector('details.task-output-parts')!
    expect(parts.querySelector('summary')!.textContent).toBe('镜头与字幕')
    expect([...parts.querySelectorAll('ol[aria-label="镜头"] li')].map((li) => li.textContent)).toEqual(['sunrise.mp4 0.5–4.5 秒', 'coffee.mp4 0.0–4.0 秒 （末帧停留 0.4 秒）'])
    expect([...parts.querySelectorAll('ol[aria-label="字幕"] li')].map((li) => li.textContent)).toEqual(['0.0–3.1 秒 海边的日出真美。', '3.4–8.8 秒 来一杯咖啡。'])
  })
})
