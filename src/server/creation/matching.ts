import type { MaterialRow } from './materials'

/** A material as matching reads it: what it can be found by. */
export interface LibraryItem {
  id: number
  kind: MaterialRow['kind']
  duration: number
  name: string
  /** Its tags, each lowercased. */
  tags: string[]
  folder: string
}

/** One sentence's clips: the best first, and whether any matched its words at all. */
export interface SentenceMatch {
  ids: number[]
  matched: boolean
}

const STOP_WORDS = new Set(['the', 'and', 'for', 'with', 'you', 'your', 'our', 'this', 'that', 'are', 'was', 'were', 'have', 'has', 'will', 'can', 'from', 'into', 'its', 'it', 'not', 'but', 'all', 'any', 'more', 'now', 'today', 'just', 'get', 'very', 'what', 'how', 'why', 'who', '我们', '你们', '他们', '大家', '今天', '一个', '这个', '那个', '什么', '怎么', '就是', '还是', '已经', '可以', '非常', '真的', '马上', '现在', '没有', '不是', '一款', '一起'])

/**
 * The words of a sentence worth searching by: Intl.Segmenter's words (it segments Chinese with
 * no dictionary of ours), Chinese ones of two characters or more, others of three letters or
 * more, common words left out.
 */
export function searchTerms(text: string, language: 'zh-CN' | 'en-US' = 'zh-CN'): string[] {
  const segmenter = new Intl.Segmenter(language === 'zh-CN' ? 'zh' : 'en', { granularity: 'word' })
  const terms: string[] = []
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (!isWordLike) continue
    const word = segment.toLowerCase()
    const cjk = /\p{Script=Han}/u.test(word)
    if ((cjk ? [...word].length < 2 : word.length < 3) || STOP_WORDS.has(word) || /^\d+$/.test(word)) continue
    if (!terms.includes(word)) terms.push(word)
  }
  return terms
}

/** Tags as people type them: separated by commas (either width), semicolons or spaces. */
export function tagsOf(tags: string): string[] {
  return [...new Set(tags.split(/[,，;；、\s]+/u).map((t) => t.trim().toLowerCase()).filter(Boolean))]
}

/**
 * How well a material fits a sentence: 3 for each of its tags the sentence says, 2 for each
 * search term in its name or tags, 1 for each in its folder's name.
 */
export function matchScore(item: LibraryItem, sentence: string, terms: readonly string[]): number {
  const said = sentence.toLowerCase()
  let score = 0
  for (const tag of item.tags) if (tag.length >= 2 && said.includes(tag)) score += 3
  const name = item.name.toLowerCase()
  const folder = item.folder.toLowerCase()
  for (const term of terms) {
    if (name.includes(term) || item.tags.some((tag) => tag.includes(term))) score += 2
    else if (folder.includes(term)) score += 1
  }
  return score
}

/**
 * Each sentence's clips, the best matched first (ties to the one long enough to cover it, then
 * at random). A sentence nothing matches takes every clip of the library, least used by the
 * sentences before it first, and says so (`matched: false`). At most `keep` a sentence.
 */
export function matchSentences(sentences: readonly { text: string; terms: readonly string[]; seconds: number }[], items: readonly LibraryItem[], opts: { random: () => number; keep?: number }): SentenceMatch[] {
  const keep = opts.keep ?? 12
  const usable = items.filter((item) => item.kind === 'video' || item.kind === 'image')
  const used = new Map<number, number>()
  return sentences.map((sentence) => {
    const covers = (item: LibraryItem) => (item.kind === 'image' || item.duration >= sentence.seconds ? 1 : 0)
    const scored = usable.map((item) => ({ item, score: matchScore(item, sentence.text, sentence.terms), covers: covers(item), tie: opts.random() }))
    const matched = scored.filter((s) => s.score > 0)
    const pool = matched.length > 0 ? matched : scored
    pool.sort((a, b) => (matched.length > 0 ? b.score - a.score : (used.get(a.item.id) ?? 0) - (used.get(b.item.id) ?? 0)) || b.covers - a.covers || a.tie - b.tie)
    const ids = pool.slice(0, keep).map((s) => s.item.id)
    for (const id of ids.slice(0, 1)) used.set(id, (used.get(id) ?? 0) + 1)
    return { ids, matched: matched.length > 0 }
  })
}
