import { describe, expect, it } from 'vitest'
import { matchScore, matchSentences, searchTerms, tagsOf, type LibraryItem } from './matching'

const item = (id: number, name: string, tags: string, folder = '', kind: LibraryItem['kind'] = 'video', duration = 5): LibraryItem => ({ id, kind, duration, name, tags: tagsOf(tags), folder })

describe('matching clips to sentences', () => {
  it('finds the words of a Chinese or English sentence worth searching by', () => {
    expect(searchTerms('今天给大家介绍一款新品面霜，质地轻薄。')).toEqual(['介绍', '新品', '面霜', '质地', '轻薄'])
    expect(searchTerms('The sunrise over the harbour is beautiful.', 'en-US')).toEqual(['sunrise', 'over', 'harbour', 'beautiful'])
  })

  it('reads tags as people type them', () => {
    expect(tagsOf('日出, 海边，清晨；Beach  sea')).toEqual(['日出', '海边', '清晨', 'beach', 'sea'])
  })

  it('scores a tag the sentence says above a term in a name, above a term in a folder', () => {
    const sentence = '海边的日出真美。'
    expect(matchScore(item(1, 'clip.mp4', '日出'), sentence, [])).toBe(3)
    expect(matchScore(item(2, 'sunrise 日出.mp4', ''), sentence, ['日出'])).toBe(2)
    expect(matchScore(item(3, 'x.mp4', '', '日出合集'), sentence, ['日出'])).toBe(1)
    expect(matchScore(item(4, 'x.mp4', '城市'), sentence, ['日出'])).toBe(0)
  })

  it('gives each sentence its best clips, one long enough first among equals, and says when nothing matched', () => {
    const library = [item(1, 'a.mp4', '咖啡', '', 'video', 2), item(2, 'b.mp4', '咖啡', '', 'video', 8), item(3, 'c.mp4', '日出'), item(4, 'music.m4a', '咖啡', '', 'audio')]
    const [coffee, night] = matchSentences([{ text: '来一杯咖啡。', terms: [], seconds: 4 }, { text: '夜晚很安静。', terms: [], seconds: 2 }], library, { random: () => 0.5 })
    expect(coffee).toEqual({ ids: [2, 1], matched: true })
    expect(night!.matched).toBe(false)
    expect(night!.ids.sort()).toEqual([1, 2, 3])
  })

  it('matches 10,000 materials to twenty sentences', () => {
    const library = Array.from({ length: 10_000 }, (_, i) => item(i, `clip-${i}.mp4`, i % 7 === 0 ? '日出,海边' : `标签${i % 50}`))
    const sentences = Array.from({ length: 20 }, (_, i) => ({ text: i % 2 ? '海边的日出真美。' : `第${i}句没有匹配。`, terms: ['日出'], seconds: 3 }))
    const matches = matchSentences(sentences, library, { random: Math.random })
    expect(matches.filter((m) => m.matched)).toHaveLength(20)
    expect(matches.every((m) => m.ids.length === 12)).toBe(true)
  })
})
