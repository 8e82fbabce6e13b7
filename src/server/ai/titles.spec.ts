import { describe, expect, it } from 'vitest'
import { imitateTitleMessages, titlesIn, TITLE_MAX } from './titles'

describe('imitated titles', () => {
  it('asks for a JSON array of count titles in the style of the given one, about the topic', () => {
    const [system, user] = imitateTitleMessages('3 个技巧让你的咖啡更香☕', '奶茶店', 4)
    expect(system!.role).toBe('system')
    expect(system!.content).toContain('JSON array')
    expect(user!.content).toBe('Title that did well: "3 个技巧让你的咖啡更香☕"\nTopic of the new titles: "奶茶店"\nWrite 4 new titles.')
    expect(imitateTitleMessages('A title', '', 2)[1]!.content).toBe('Title that did well: "A title"\nWrite 2 new titles.')
  })

  it('reads the JSON array, fenced or not, leaving out blanks, repeats and the original', () => {
    expect(titlesIn('```json\n["一杯奶茶的秘密🧋", "", "一杯奶茶的秘密🧋", "原标题", "奶茶店老板不会说的 3 件事"]\n```', 5, '原标题')).toEqual(['一杯奶茶的秘密🧋', '奶茶店老板不会说的 3 件事'])
  })

  it('falls back to one title per line without its list mark, quotes or the line introducing them, at most count', () => {
    expect(titlesIn('Here you go:\n1. "First one"\n2) Second one\n- “Third one”\n• Fourth', 3, 'x')).toEqual(['First one', 'Second one', 'Third one'])
    expect(titlesIn('1. First one\n2. Second one', 5, 'x')).toEqual(['First one', 'Second one'])
  })

  it('cuts a long title to what a caption shows', () => {
    const [title] = titlesIn(JSON.stringify(['长'.repeat(80)]), 1, 'x')
    expect([...title!].length).toBe(TITLE_MAX)
  })

  it('finds none in an answer without words', () => {
    expect(titlesIn('[]', 3, 'x')).toEqual([])
    expect(titlesIn('\n\n```\n', 3, 'x')).toEqual([])
  })
})
