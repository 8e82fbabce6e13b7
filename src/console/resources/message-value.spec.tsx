import { cleanup, render } from '@testing-library/react'
import { resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createRegistry } from '../../schema/registry'
import { readSchemaFiles } from '../../schema/load-files'
import { ConsoleContext, type ConsoleContextValue } from '../ConsoleContext'
import { FieldValue } from './FieldValue'
import { fieldOf } from './fields'
import { columnWidth } from './column-width'

afterEach(cleanup)

const registry = createRegistry(readSchemaFiles(resolve(__dirname, '../../../schemas')))
// The quota ledger names the balance ledger's field: its cell reads the same messages.
const detail = fieldOf(registry, registry.entities.get('user_quota_log')!, 'detail')

const cell = (value: unknown, locale: string) =>
  render(
    <ConsoleContext.Provider value={{ locale } as unknown as ConsoleContextValue}>
      <FieldValue field={detail} value={value} />
    </ConsoleContext.Provider>,
  ).container

describe('FieldValue of what the platform wrote on a ledger row (x-messages)', () => {
  it('names the task by its title in the page’s language, whole in its tooltip', () => {
    const consume = { key: 'task.consume', params: { title: '春季上新' } }
    expect(detail.kind).toBe('message')
    const zh = cell(consume, 'zh-CN').querySelector('.field-ellipsis')!
    expect([zh.textContent, zh.getAttribute('title')]).toEqual(['任务「春季上新」', '任务「春季上新」'])
    expect(cell(consume, 'en-US').textContent).toBe('Task “春季上新”')
  })

  it('says what an exchange gave for what', () => {
    const exchange = { key: 'exchange', params: { money: '10.00', count: 30, rate: 3, quota: { key: 'quota.digital_voice_count' } } }
    expect(cell(exchange, 'en-US').textContent).toBe('10.00 CNY → 30 voice clones at 3 per CNY')
    expect(cell(exchange, 'zh-CN').textContent).toBe('10.00 元兑换 30 次声音克隆（每元 3 次）')
  })

  it('shows a dash for a row a person wrote alone, or a message no longer declared', () => {
    expect(cell(null, 'zh-CN').textContent).toBe('—')
    expect(cell({ key: 'gone' }, 'zh-CN').textContent).toBe('—')
  })

  it('gives the sentence a column wider than a name’s', () => {
    expect(columnWidth(detail, { title: 'Description', sortable: false })).toBe(200)
  })
})
