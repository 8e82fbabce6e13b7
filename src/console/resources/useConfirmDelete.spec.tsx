import { resolve } from 'node:path'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { App } from 'antd'
import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest'
import { readSchemaFiles } from '../../schema/load-files'
import { createRegistry } from '../../schema/registry'
import { ConsoleContext, type ConsoleContextValue } from '../ConsoleContext'
import { TranslateContext } from '../i18n/translate'
import { createI18nProvider, LOCALE_KEY } from '../providers/i18nProvider'
import type { ApiRequest, HttpClient } from '../providers/http-client'
import type { TaskUsesResponse } from '../../generated/types'
import { useConfirmDelete } from './useConfirmDelete'
import { loadLocale } from '../i18n/locale-packs'

// The words of both locales, which the console loads as each is first wanted.
beforeAll(() => Promise.all([loadLocale('zh-CN'), loadLocale('en-US')]))

afterEach(cleanup)

const registry = createRegistry(readSchemaFiles(resolve(__dirname, '../../../schemas')))

function Asker({ entity, remove }: { entity: string; remove: () => Promise<void> }) {
  const ask = useConfirmDelete(entity)
  return (
    <button type="button" onClick={() => void ask({ title: 'Delete this record?', content: 'It cannot be undone.', ids: [4], remove })}>
      ask
    </button>
  )
}

function mount(entity: string, uses: TaskUsesResponse) {
  const asked: ApiRequest[] = []
  const http = { request: async <T,>(req: ApiRequest) => (asked.push(req), uses as T) } as unknown as HttpClient
  const storage = new Storage()
  storage.setItem(LOCALE_KEY, 'en-US')
  const remove = vi.fn(async () => undefined)
  render(
    <App>
      <ConsoleContext.Provider value={{ registry, http, locale: 'en-US' } as unknown as ConsoleContextValue}>
        <TranslateContext.Provider value={{ provider: createI18nProvider(storage), locale: 'en-US' }}>
          <Asker entity={entity} remove={remove} />
        </TranslateContext.Provider>
      </ConsoleContext.Provider>
    </App>,
  )
  return { asked, remove }
}

const open = async () => {
  await act(async () => fireEvent.click(screen.getByText('ask')))
  return screen.findByRole('dialog')
}

describe('the question before a delete', () => {
  it('offers no delete while a task that has not ended uses the record, and says which', async () => {
    const { asked } = mount('material', { total: 2, active: 1, tasks: [{ id: 12, kind: 'clip', title: 'Spring', status: 'running', record_id: 4 }, { id: 9, kind: 'mixed_cut', title: 'Old', status: 'succeeded', record_id: 4 }] })
    const dialog = await open()
    expect(asked).toEqual([{ method: 'POST', path: '/task/uses', body: { entity: 'material', ids: [4] } }])
    expect(dialog.textContent).toContain('1 task that has not ended uses this, so it cannot be deleted yet.')
    expect(dialog.textContent).toContain('#12 Smart clip · Spring')
    expect(dialog.textContent).toContain('#9 Mixed cut · Old')
    const remove = [...dialog.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === 'Delete')!
    expect(remove.disabled).toBe(true)
  })

  it('asks plainly for a record no task can use, without asking the server', async () => {
    const { asked, remove } = mount('domain', { total: 0, active: 0, tasks: [] })
    const dialog = await open()
    expect(asked).toEqual([])
    expect(dialog.textContent).toContain('It cannot be undone.')
    const button = [...dialog.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === 'Delete')!
    expect(button.disabled).toBe(false)
    await act(async () => fireEvent.click(button))
    expect(remove).toHaveBeenCalledOnce()
  })
})
