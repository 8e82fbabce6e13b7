import { describe, expect, it } from 'vitest'
import { batchInputs, fillTemplate, firstGap, parseRows, templateVariables } from './template-fill'

describe('video templates: {{variables}} in a saved form, filled once per video', () => {
  const template = { title: '{{product}} at {{ shop }}', avatar_id: 3, script: 'Come to {{shop}} for {{product}}. {{shop}} opens at nine.', subtitle_style: { position: 'bottom' }, speed: 175 }

  it('finds each variable once, in order, in any text of the form, spaces inside the braces ignored', () => {
    expect(templateVariables(template)).toEqual(['product', 'shop'])
    expect(templateVariables({ script: '欢迎光临{{店名}}，今天推荐{{产品 名}}。', nested: [{ caption: '{{店名}}' }] })).toEqual(['店名', '产品 名'])
    expect(templateVariables({ script: 'No variables, {single} braces, {{ }} and {{}} are text.' })).toEqual([])
  })

  it('fills every occurrence and leaves numbers, booleans and other text as they were', () => {
    expect(fillTemplate(template, { product: 'Tea', shop: 'Lotus' })).toEqual({ title: 'Tea at Lotus', avatar_id: 3, script: 'Come to Lotus for Tea. Lotus opens at nine.', subtitle_style: { position: 'bottom' }, speed: 175 })
    expect(fillTemplate({ script: 'Hi {{name}}' }, {})).toEqual({ script: 'Hi ' })
  })

  it('numbers a title that every video would share, and keeps one the variables make apart', () => {
    const rows = [{ name: 'Ann' }, { name: 'Bob' }]
    expect(batchInputs({ title: 'Greeting', script: 'Hello {{name}}.' }, rows).map((input) => input.title)).toEqual(['Greeting · 1', 'Greeting · 2'])
    expect(batchInputs({ title: 'For {{name}}', script: 'Hello {{name}}.' }, rows).map((input) => [input.title, input.script])).toEqual([
      ['For Ann', 'Hello Ann.'],
      ['For Bob', 'Hello Bob.'],
    ])
    // Numbered, a title of 60 characters still fits the field.
    expect(String(batchInputs({ title: 'x'.repeat(60) }, [{}])[0]!.title).length).toBeLessThanOrEqual(60)
  })

  it('reads rows pasted from a spreadsheet: tabs between cells, a line a video, blank lines skipped', () => {
    expect(parseRows('Tea\tLotus\n\nCoffee\t Oak \r\nJuice', ['product', 'shop'])).toEqual([
      { product: 'Tea', shop: 'Lotus' },
      { product: 'Coffee', shop: 'Oak' },
      { product: 'Juice', shop: '' },
    ])
  })

  it('names the first row and variable left empty', () => {
    expect(firstGap([{ a: 'x', b: 'y' }, { a: 'x', b: ' ' }], ['a', 'b'])).toEqual({ row: 1, variable: 'b' })
    expect(firstGap([{ a: 'x' }], ['a'])).toBeUndefined()
  })
})
