import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, readSettings, SETTINGS_KEY } from './AppSettings'

const stored = (value: string | null) => ({ getItem: (key: string) => (key === SETTINGS_KEY ? value : null) })

describe('readSettings', () => {
  it('starts from the defaults of spec §9 (menu width 220)', () => {
    expect(readSettings(stored(null))).toEqual(DEFAULT_SETTINGS)
    expect(DEFAULT_SETTINGS.menuWidth).toBe(220)
  })

  it('keeps what was saved, and nothing that could break the layout: unknown keys, wrong types, broken JSON, absurd widths', () => {
    expect(readSettings(stored(JSON.stringify({ footer: false, colorWeak: true, menuWidth: 260 })))).toEqual({ ...DEFAULT_SETTINGS, footer: false, colorWeak: true, menuWidth: 260 })
    expect(readSettings(stored(JSON.stringify({ footer: 'no', menu: 0, extra: true })))).toEqual(DEFAULT_SETTINGS)
    expect(readSettings(stored('{not json'))).toEqual(DEFAULT_SETTINGS)
    expect(readSettings(stored(JSON.stringify({ menuWidth: 5000 }))).menuWidth).toBe(400)
    expect(readSettings(stored(JSON.stringify({ menuWidth: -3 }))).menuWidth).toBe(160)
  })
})
