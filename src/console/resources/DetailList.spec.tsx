import { act, cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DetailList } from './DetailList'

const LONG_LABEL = 'Advanced digital-human clones per yuan'
const items = [
  { key: 'kind', label: 'Type', children: 'User agreement' },
  { key: 'site', label: LONG_LABEL, children: 'https://example.com/a/very/long/address/without/any/space/in/it/at/all' },
]

function at(width: number) {
  ;(window as unknown as { happyDOM: { setInnerWidth(w: number): void } }).happyDOM.setInnerWidth(width)
}

afterEach(() => {
  cleanup()
  at(1024)
})

describe('DetailList', () => {
  it('puts labels beside their values on a wide screen', async () => {
    at(1440)
    await act(async () => {
      render(<DetailList items={items} />)
    })
    const table = document.querySelector('.detail-list')!
    expect(table.classList.contains('detail-list-narrow')).toBe(false)
    // One row per field: its label cell, then its value cell.
    const rows = [...table.querySelectorAll('tr')]
    expect(rows).toHaveLength(2)
    expect([...rows[1]!.children].map((c) => c.textContent)).toEqual([LONG_LABEL, items[1]!.children])
  })

  it('puts each label above its value, in one column, on a phone', async () => {
    at(390)
    await act(async () => {
      render(<DetailList items={items} column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 3, xxl: 3 }} />)
    })
    const table = document.querySelector('.detail-list')!
    expect(table.classList.contains('detail-list-narrow')).toBe(true)
    // A row of one label, then a row of its value: four rows for two fields.
    const rows = [...table.querySelectorAll('tr')].map((r) => [...r.children].map((c) => c.textContent))
    expect(rows).toEqual([['Type'], ['User agreement'], [LONG_LABEL], [items[1]!.children]])
  })
})
