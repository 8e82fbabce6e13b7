import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../schema/types'
import { actionsWidth, columnWidth, fitColumnWidths, leastColumnWidth, textWidth } from './column-width'
import type { FieldInfo, FieldKind } from './fields'

const field = (name: string, kind: FieldKind, schema: JsonSchema = {}): FieldInfo => ({ name, kind, schema })
const plain = { title: 'X', sortable: false }

describe('columnWidth', () => {
  it.each([
    ['an id', field('id', 'integer'), 56],
    ['a date and time, to the minute ("2026-11-25 14:32")', field('created_at', 'datetime', { format: 'date-time' }), textWidth('2026-11-25 14:32') + 16],
    ['a date', field('day', 'datetime', { format: 'date' }), textWidth('2026-11-25') + 16],
    ['an amount', field('money', 'money'), 112],
    ['a count', field('digital_man_count', 'integer'), 80],
    ['a yes/no', field('is_default', 'flag'), 72],
    ['a related record', field('parent_id', 'relation'), 112],
    ['a short or medium text', field('name', 'text', { maxLength: 64 }), 112],
    ['a long text', field('remark', 'text', { maxLength: 255 }), 160],
    ['formatted text', field('content', 'richText'), 240],
  ])('gives %s its type width', (_, f, width) => {
    expect(columnWidth(f, plain)).toBe(width)
  })

  it('takes the width a resource declares, whatever the type', () => {
    expect(columnWidth(field('order_no', 'text', { maxLength: 32 }), { ...plain, declared: 184 })).toBe(184)
  })

  it('fits the widest name of an enum as a tag, within bounds', () => {
    expect(columnWidth(field('status', 'enum'), { ...plain, enumNames: ['On', 'Off'] })).toBe(64)
    expect(columnWidth(field('status', 'enum'), { ...plain, enumNames: ['Awaiting payment', 'Paid'] })).toBe(textWidth('Awaiting payment', 12) + 34)
    expect(columnWidth(field('kind', 'enum'), { ...plain, enumNames: ['Advanced digital-human clones, and then some more'] })).toBe(168)
  })

  it("widens a column to its title's longest unbreakable piece and its sort arrows", () => {
    const count = field('digital_man_count', 'integer')
    // "Digital-" / "human" / "clones" wrap onto lines of their own.
    expect(columnWidth(count, { title: 'Digital-human clones', sortable: false })).toBe(80)
    expect(columnWidth(count, { title: 'Extraordinarily', sortable: true })).toBe(textWidth('Extraordinarily') + 16 + 22)
    // A Chinese title takes two lines at most.
    expect(columnWidth(count, { title: '高级数字人次数合计', sortable: false })).toBe(5 * 14 + 16)
  })
})

describe('leastColumnWidth', () => {
  it('lets a text cut with an ellipsis narrow to a few words, and nothing else', () => {
    expect(leastColumnWidth(field('remark', 'text', { maxLength: 255 }), plain)).toBe(96)
    expect(leastColumnWidth(field('owner_id', 'relation'), plain)).toBe(96)
    expect(leastColumnWidth(field('code', 'shareLink'), plain)).toBe(140)
    expect(leastColumnWidth(field('created_at', 'datetime', { format: 'date-time' }), plain)).toBe(columnWidth(field('created_at', 'datetime', { format: 'date-time' }), plain))
    expect(leastColumnWidth(field('money', 'money'), plain)).toBe(112)
  })

  it("keeps a text's title and sort arrows whole, and a declared width as declared", () => {
    expect(leastColumnWidth(field('remark', 'text', { maxLength: 255 }), { title: 'Extraordinarily', sortable: true })).toBe(textWidth('Extraordinarily') + 16 + 22)
    expect(leastColumnWidth(field('order_no', 'text', { maxLength: 32 }), { ...plain, declared: 184 })).toBe(184)
  })
})

describe('fitColumnWidths', () => {
  const columns = [
    { width: 160, least: 96 },
    { width: 112, least: 96 },
    { width: 142, least: 142 },
  ]

  it('gives the full widths when they fit', () => {
    expect(fitColumnWidths(columns, 414)).toEqual([160, 112, 142])
    expect(fitColumnWidths(columns, 1000)).toEqual([160, 112, 142])
  })

  it('narrows the texts, each by its share of what they may give, to fit the room exactly or a pixel less', () => {
    const fitted = fitColumnWidths(columns, 374)
    // 40 pixels to give: 64 of the 80 the texts may give are the first one's.
    expect(fitted).toEqual([128, 104, 142])
    expect(fitColumnWidths(columns, 334)).toEqual([96, 96, 142])
    const odd = fitColumnWidths(columns, 371)
    expect(odd.reduce((sum, w) => sum + w, 0)).toBeLessThanOrEqual(371)
    expect(odd[2]).toBe(142)
  })

  it('gives the full widths when even the least do not fit: the list scrolls', () => {
    expect(fitColumnWidths(columns, 333)).toEqual([160, 112, 142])
  })
})

describe('actionsWidth', () => {
  it('adds the icons, the words and "More" with its arrow, the gaps and the padding', () => {
    expect(actionsWidth(3, [])).toBe(3 * 28 + 2 * 4 + 16)
    expect(actionsWidth(2, ['Adjust balance'], 'More')).toBe(2 * 28 + textWidth('Adjust balance') + 12 + textWidth('More') + 12 + 14 + 3 * 4 + 16)
  })
})
