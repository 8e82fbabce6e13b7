import { describe, expect, it } from 'vitest'
import { combinationCount } from './combinations'

describe('the combinations a mixed cut allows', () => {
  it.each([
    ['no slots', [], 0],
    ['nothing yet', undefined, 0],
    ['one slot of three clips', [{ clips: [1, 2, 3] }], 3],
    ['two slots of two', [{ clips: [1, 2] }, { clips: [3, 4] }], 4],
    ['a clip listed twice counts once', [{ clips: [1, 1, 2] }, { clips: [3] }], 2],
    ['the same clip in two slots counts in each', [{ clips: [1, 2] }, { clips: [1, 2] }], 4],
    ['an empty slot allows none', [{ clips: [1, 2] }, { clips: [] }], 0],
    ['a slot being filled in (no clips key)', [{ clips: [1, 2] }, {}], 0],
    ['ten slots of fifty', Array.from({ length: 10 }, (_, i) => ({ clips: Array.from({ length: 50 }, (_, j) => i * 50 + j + 1) })), Number.MAX_SAFE_INTEGER],
  ])('%s: %s', (_, slots, expected) => {
    expect(combinationCount(slots)).toBe(expected)
  })
})
