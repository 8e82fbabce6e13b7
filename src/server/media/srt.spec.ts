import { describe, expect, it } from 'vitest'
import { cuesForText, parseSrt, spokenWeight, timestamp, toSrt } from './srt'

describe('SubRip subtitles', () => {
  it('reads cues with a BOM, CRLF line ends and no blank line at the end', () => {
    const text = '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\n你好，\r\n世界\r\n\r\n2\r\n00:00:03,000 --> 00:01:04,250\r\nHello'
    expect(parseSrt(text)).toEqual([
      { start: 1, end: 2.5, text: '你好，\n世界' },
      { start: 3, end: 64.25, text: 'Hello' },
    ])
  })

  it('reads what tools write loosely: no index, dots for commas, no hours, no blank line between cues', () => {
    const text = '00:01.5 --> 00:02.000\nfirst\n2\n00:00:03,000 --> 00:00:04,000 X1:10 X2:20\nsecond\n\n\n'
    expect(parseSrt(text)).toEqual([
      { start: 1.5, end: 2, text: 'first' },
      { start: 3, end: 4, text: 'second' },
    ])
  })

  it('names the line of a timestamp it cannot read', () => {
    expect(() => parseSrt('1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03 -> 00:00:04\nbad\n')).toThrow(/SRT line 6: "00:00:03 -> 00:00:04" is not a timing line/)
    expect(() => parseSrt('1\n00:00:05,000 --> 00:00:02,000\nbackwards\n')).toThrow(/SRT line 2: the cue ends/)
  })

  it('writes cues that read back the same', () => {
    const cues = [
      { start: 0, end: 1.234, text: '第一句' },
      { start: 3661.5, end: 3662, text: 'two\nlines' },
    ]
    const text = toSrt(cues)
    expect(text).toBe('1\n00:00:00,000 --> 00:00:01,234\n第一句\n\n2\n01:01:01,500 --> 01:01:02,000\ntwo\nlines\n')
    expect(parseSrt(text)).toEqual(cues)
  })

  it('drops blank lines inside a cue, which would end it early', () => {
    expect(toSrt([{ start: 0, end: 1, text: 'a\n\nb' }])).toBe('1\n00:00:00,000 --> 00:00:01,000\na\nb\n')
    expect(timestamp(59.9996)).toBe('00:01:00,000')
  })

  it('cuts a script into sentences in Chinese and English and on line breaks', () => {
    const cues = cuesForText('你好，世界！今天天气很好。\nHello there. Is it 3.5 degrees?!\n最后一句', 10)
    expect(cues.map((c) => c.text)).toEqual(['你好，世界！', '今天天气很好。', 'Hello there.', 'Is it 3.5 degrees?!', '最后一句'])
  })

  it('times each sentence by how long it is, back to back, filling the whole length', () => {
    const cues = cuesForText('一二三。一二三四五六。', 9)
    expect(cues).toEqual([
      { start: 0, end: 3, text: '一二三。' },
      { start: 3, end: 9, text: '一二三四五六。' },
    ])
    const mixed = cuesForText('This is a sentence in English. 这是中文。', 6)
    expect(mixed.at(-1)!.end).toBe(6)
    // 24 letters weigh about as much as 8 Chinese characters; the Chinese sentence has 4.
    expect(mixed[0]!.end).toBeGreaterThan(3.5)
    expect(spokenWeight('abc')).toBeCloseTo(1.05)
  })

  it('cuts a long sentence again at its commas', () => {
    const long = '这是一个非常非常长的句子，里面有很多很多的内容，需要分成几段来显示，才不会让一屏字幕太长。'
    const cues = cuesForText(long, 10, { maxWeight: 12 })
    expect(cues.length).toBeGreaterThan(1)
    expect(cues.map((c) => c.text).join('')).toBe(long)
  })

  it('gives no cues for no text or no time', () => {
    expect(cuesForText('  \n ', 5)).toEqual([])
    expect(cuesForText('有字', 0)).toEqual([])
  })
})
