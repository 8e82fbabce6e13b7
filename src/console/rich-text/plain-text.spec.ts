import { describe, expect, it } from 'vitest'
import { htmlToPlainText } from './plain-text'

describe('htmlToPlainText', () => {
  it('keeps the words, apart where blocks were, with entities decoded', () => {
    expect(htmlToPlainText('<h2>Terms</h2><p>Read <strong>this</strong> &amp; that.</p><ul><li>one</li><li>two</li></ul>')).toBe('Terms Read this & that. one two')
    expect(htmlToPlainText('<p>a<br>b</p>')).toBe('a b')
  })

  it('shows markup written as text as text, and cuts long text short', () => {
    expect(htmlToPlainText('<p>&lt;script&gt;</p>')).toBe('<script>')
    expect(htmlToPlainText(`<p>${'x'.repeat(300)}</p>`, 10)).toBe('xxxxxxxxxx…')
  })
})
