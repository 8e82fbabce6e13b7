import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConsoleContext, type ConsoleContextValue } from '../ConsoleContext'
import { FieldValue } from './FieldValue'
import type { FieldInfo } from './fields'

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
