import { describe, expect, it } from 'vitest'
import { DEMO_LIBRARY, DEMO_SCRIPTS } from './demo-library'
import { subtitlePieces } from '../media/srt'
import { matchSentences, searchTerms, tagsOf } from '../creation/matching'

describe('the demo library', () => {
  it('has a clip for every piece of every demo script, so a first video from the script library lacks nothing', () => {
    const items = DEMO_LIBRARY.filter((m) => m.ext === 'mp4').map((m, i) => ({ id: i + 1, kind: 'video' as const, duration: 8, name: m.name, tags: tagsOf(m.tags.join(',')), folder: '' }))
    for (const script of DEMO_SCRIPTS) {
      const language = /\p{Script=Han}/u.test(script.content) ? 'zh-CN' : 'en-US'
      const pieces = subtitlePieces(script.content).map((text) => ({ text, terms: searchTerms(text, language), seconds: 3 }))
      const matched = matchSentences(pieces, items, { random: () => 0.5 })
      expect(pieces.filter((_, i) => !matched[i]!.matched).map((p) => p.text)).toEqual([])
    }
  })

  it('is said to be generated, in both languages, in every name', () => {
    for (const media of DEMO_LIBRARY) expect(media.name).toMatch(/^生成.+ \/ Generated/)
  })
})
