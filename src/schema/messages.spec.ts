import { describe, expect, it, vi } from 'vitest'
import { resolve } from 'node:path'
import { buildRegistry } from './registry'
import { readSchemaFiles } from './load-files'
import { formatProblem } from './SchemaError'
import { messageText } from './messages'
import type { JsonSchema } from './types'

// The registry checks build the whole schemas/ tree: seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 })

const real = readSchemaFiles(resolve(__dirname, '../../schemas'))
const ledgerFile = 'entities/user_money_log.json'
const ledger = JSON.parse(real.find((f) => f.path === ledgerFile)!.text) as { properties: Record<string, JsonSchema> }
const detail = ledger.properties.detail!

describe('a message a record keeps (x-messages)', () => {
  it("reads a ledger row's task by its title in either language", () => {
    const row = { key: 'task.consume', params: { title: '春季上新 Spring launch' } }
    expect(messageText(detail, row, 'zh-CN')).toBe('任务「春季上新 Spring launch」')
    expect(messageText(detail, row, 'en-US')).toBe('Task “春季上新 Spring launch”')
    expect(messageText(detail, { key: 'task.refund', params: { title: 'Spring launch' } }, 'zh-CN')).toBe('任务「Spring launch」未完成，已退还')
  })

  it('says what an exchange gave for what, the quota named by a message of its own and counts grouped as the reader groups them', () => {
    const exchange = { key: 'exchange', params: { money: '1000.00', count: 3000, rate: 3, quota: { key: 'quota.digital_voice_count' } } }
    expect(messageText(detail, exchange, 'en-US')).toBe('1000.00 CNY → 3,000 voice clones at 3 per CNY')
    expect(messageText(detail, exchange, 'zh-CN')).toBe('1000.00 元兑换 3,000 次声音克隆（每元 3 次）')
  })

  it('shows a missing value as its placeholder, and answers nothing for a key the field does not declare or a value that is no message', () => {
    expect(messageText(detail, { key: 'card' }, 'en-US')).toBe('Card “{card}”')
    expect(messageText(detail, { key: 'no.such' }, 'en-US')).toBeUndefined()
    expect(messageText(detail, 'Task 5', 'en-US')).toBeUndefined()
    expect(messageText({ type: 'object' }, { key: 'card' }, 'en-US')).toBeUndefined()
  })

  it('never follows messages naming each other round and round', () => {
    const looping: JsonSchema = { 'x-messages': { a: { 'zh-CN': '{next}', 'en-US': '{next}' } } }
    const deep = { key: 'a', params: { next: { key: 'a', params: { next: { key: 'a', params: { next: { key: 'a' } } } } } } }
    expect(messageText(looping, deep, 'en-US')).toBe('{next}')
  })
})

describe('the registry, on x-messages', () => {
  const problemsWith = (property: JsonSchema) => {
    const changed = { ...ledger, properties: { ...ledger.properties, detail: property } }
    const files = real.map((f) => (f.path === ledgerFile ? { path: f.path, text: JSON.stringify(changed) } : f))
    return buildRegistry(files).problems.map(formatProblem).filter((p) => p.includes('x-messages'))
  }

  it('refuses a template whose languages fill different values', () => {
    const messages = { ...(detail['x-messages'] as object), card: { 'zh-CN': '卡密「{card}」', 'en-US': 'Card “{name}”' } }
    expect(problemsWith({ ...detail, 'x-messages': messages })).toEqual([expect.stringContaining('fills {card} in zh-CN but {name} in en-US')])
  })

  it('refuses messages on a field that cannot hold { key, params }', () => {
    expect(problemsWith({ type: 'string', 'x-label': detail['x-label'], 'x-messages': detail['x-messages'] })).toEqual([expect.stringContaining('must be an object')])
  })
})
