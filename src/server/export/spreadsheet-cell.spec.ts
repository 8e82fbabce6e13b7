import { describe, expect, it } from 'vitest'
import { spreadsheetCell, spreadsheetText } from './spreadsheet-cell'

describe('spreadsheet cells', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+cmd', "'+cmd"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['\n=1', "'\n=1"],
    ['\tplain', "'\tplain"],
    ['\r\nplain', "'\r\nplain"],
    [' =1', "' =1"],
    ['\u00A0+1', "'\u00A0+1"],
    ['\u200B@x', "'\u200B@x"],
    ['\u0001-1', "'\u0001-1"],
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠x', "'＠x"],
    ['\u3000＝1', "'\u3000＝1"],
    ['note\n=1', 'note\n=1'],
    [' plain', ' plain'],
    ['plain', 'plain'],
    ['a=1', 'a=1'],
    ['10.00', '10.00'],
    ['', ''],
  ])('%j becomes %j', (value, safe) => {
    expect(spreadsheetText(value)).toBe(safe)
  })

  it('keep numbers and empty values as they are', () => {
    expect(spreadsheetCell(-5)).toBe(-5)
    expect(spreadsheetCell(null)).toBe('')
    expect(spreadsheetCell(undefined)).toBe('')
    expect(spreadsheetCell('=x')).toBe("'=x")
  })
})
