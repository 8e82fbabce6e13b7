import { describe, expect, it } from 'vitest'
import { textWidth, wrapSubtitleText } from './line-wrap'

describe('subtitle line breaking', () => {
  it('breaks Chinese between characters to fit the width', () => {
    expect(wrapSubtitleText('一二三四五六七八九十', 4)).toBe('一二三四\n五六七八\n九十')
  })

  it('never starts a line with closing punctuation', () => {
    expect(wrapSubtitleText('一二三四，五六', 4)).toBe('一二三\n四，五六')
  })

  it('balances the lines, leaving no character alone on the last one', () => {
    expect(wrapSubtitleText('今天给大家介绍新品发布会。', 12)).toBe('今天给大家介绍\n新品发布会。')
    expect(wrapSubtitleText('the quick brown fox jumps over the lazy dog', 12)).toBe('the quick brown fox\njumps over the lazy dog')
  })

  it('measures with the width function it is given', () => {
    const pixels = (text: string) => [...text].length * 33
    expect(wrapSubtitleText('一二三四五六七八九十', 200, pixels)).toBe('一二三四五\n六七八九十')
  })

  it('breaks English between words and keeps a long word whole', () => {
    expect(wrapSubtitleText('the quick brown fox jumps', 6)).toBe('the quick\nbrown fox\njumps')
    expect(wrapSubtitleText('supercalifragilistic', 3)).toBe('supercalifragilistic')
  })

  it('keeps the line breaks already in the text and measures Chinese as twice as wide as Latin', () => {
    expect(wrapSubtitleText('短\n短', 10)).toBe('短\n短')
    expect(textWidth('中文')).toBe(2)
    expect(textWidth('ab')).toBeCloseTo(1.1)
  })
})
