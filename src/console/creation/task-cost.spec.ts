import { describe, expect, it } from 'vitest'
import type { TaskCost } from '../../schema/types'
import { estimateCost, fenToYuan } from './task-cost'

const perOutput: TaskCost = { ledger: 'money', rate: { setting: 'platform.clip_output_cost' }, per: { field: 'count' } }
const perTask: TaskCost = { ledger: 'money', rate: { setting: 'platform.clip_output_cost' }, per: 'task' }

describe('what a task will cost', () => {
  it.each([
    ['a free kind', undefined, { clip_output_cost: 10 }, {}, { kind: 'free' }],
    ['once, at the setting', perTask, { clip_output_cost: 10 }, {}, { kind: 'known', ledger: 'money', per: 'task', rate: 10, units: 1, total: 10 }],
    ['per variant asked for', perOutput, { clip_output_cost: 10 }, { count: 3 }, { kind: 'known', ledger: 'money', per: { field: 'count' }, rate: 10, units: 3, total: 30 }],
    ['nothing yet for no count', perOutput, { clip_output_cost: 10 }, {}, { kind: 'known', ledger: 'money', per: { field: 'count' }, rate: 10, units: 0, total: 0 }],
    ['a rate set to nothing', perOutput, { clip_output_cost: 0 }, { count: 5 }, { kind: 'known', ledger: 'money', per: { field: 'count' }, rate: 0, units: 5, total: 0 }],
    ['a rate sent as text', perTask, { clip_output_cost: '25' }, {}, { kind: 'known', ledger: 'money', per: 'task', rate: 25, units: 1, total: 25 }],
    ['a setting it cannot read', perOutput, undefined, { count: 3 }, { kind: 'unknown', ledger: 'money', per: { field: 'count' } }],
    ['per character of a text', { ledger: 'digital_voice_count', rate: 2, per: { length: 'text' } } as TaskCost, undefined, { text: '你好 ok' }, { kind: 'known', ledger: 'digital_voice_count', per: { length: 'text' }, rate: 2, units: 5, total: 10 }],
  ])('%s', (_, cost, settings, input, expected) => {
    expect(estimateCost(cost, settings, input)).toEqual(expected)
  })

  it('adds a kind\'s once-only amount when the input calls for it, and says what it is for', () => {
    const label = { 'zh-CN': 'AI 撰写文案', 'en-US': "the AI writer's script" }
    const topic: TaskCost = { ledger: 'money', rate: { setting: 'platform.clip_output_cost' }, per: 'outputMinute', plus: { rate: { setting: 'platform.topic_script_cost' }, when: { field: 'source', equals: 'topic' }, label } }
    const size = { output_seconds: 30, variants: 3 }
    expect(estimateCost(topic, { clip_output_cost: 10, topic_script_cost: 15 }, { source: 'topic' }, size)).toEqual({ kind: 'known', ledger: 'money', per: 'outputMinute', rate: 10, units: 3, total: 45, plus: { amount: 15, label } })
    expect(estimateCost(topic, { clip_output_cost: 10, topic_script_cost: 15 }, { source: 'script' }, size)).toEqual({ kind: 'known', ledger: 'money', per: 'outputMinute', rate: 10, units: 3, total: 30 })
    expect(estimateCost(topic, { clip_output_cost: 10 }, { source: 'topic' }, size)).toEqual({ kind: 'unknown', ledger: 'money', per: 'outputMinute' })
  })

  it('counts started minutes of every video once the server has measured them, and only then', () => {
    const perMinute: TaskCost = { ledger: 'money', rate: { setting: 'platform.clip_output_cost' }, per: 'outputMinute' }
    expect(estimateCost(perMinute, { clip_output_cost: 10 }, {})).toEqual({ kind: 'unknown', ledger: 'money', per: 'outputMinute' })
    expect(estimateCost(perMinute, { clip_output_cost: 10 }, {}, { output_seconds: 70, variants: 3 })).toEqual({ kind: 'known', ledger: 'money', per: 'outputMinute', rate: 10, units: 6, total: 60 })
  })

  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [30, '0.30'],
    [1234, '12.34'],
    [-250, '-2.50'],
  ])('%i fen is %s CNY', (fen, yuan) => {
    expect(fenToYuan(fen)).toBe(yuan)
  })
})
