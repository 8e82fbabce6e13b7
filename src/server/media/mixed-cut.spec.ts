import { describe, expect, it } from 'vitest'
import { combinationHash, countCombinations, coverSeconds, pickVariants, type Slot, type Variant } from './mixed-cut'
import { SHORTEST_REPEAT_SECONDS } from './clip-plan'

/** A seeded generator (mulberry32), so every run draws the same. */
function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pool = (first: number, count: number, duration = 5) => Array.from({ length: count }, (_, i) => ({ id: first + i, duration }))

describe('mixed cuts', () => {
  it('counts combinations as the product of the pools; captions do not multiply', () => {
    expect(countCombinations([{ clips: pool(1, 3), captions: ['a', 'b', 'c'] }, { clips: pool(10, 4) }])).toBe(12)
    expect(countCombinations([{ clips: pool(1, 3) }, { clips: [] }])).toBe(0)
    expect(countCombinations([])).toBe(0)
    expect(countCombinations([{ clips: [{ id: 1, duration: 1 }, { id: 1, duration: 1 }] }])).toBe(1)
  })

  it('caps the count at the largest safe integer', () => {
    const slots = Array.from({ length: 40 }, (_, s) => ({ clips: pool(s * 100, 50) }))
    expect(countCombinations(slots)).toBe(Number.MAX_SAFE_INTEGER)
  })

  it('hashes the clip ids in slot order', () => {
    expect(combinationHash([1, 2])).toMatch(/^[0-9a-f]{64}$/)
    expect(combinationHash([1, 2])).not.toBe(combinationHash([2, 1]))
    expect(combinationHash([1, 23])).not.toBe(combinationHash([12, 3]))
  })

  it('never gives two variants with the same combination, over many seeds', () => {
    const slots: Slot[] = [{ clips: pool(1, 3) }, { clips: pool(10, 4) }, { clips: pool(20, 2) }]
    for (let seed = 1; seed <= 200; seed++) {
      const variants = pickVariants(slots, 10, { random: seeded(seed) })
      expect(new Set(variants.map((v) => v.hash)).size).toBe(10)
      expect(new Set(variants.map((v) => v.picks.map((p) => p.clipId).join())).size).toBe(10)
      for (const v of variants) expect(v.hash).toBe(combinationHash(v.picks.map((p) => p.clipId)))
    }
  })

  it('gives every combination when asked for exactly as many as there are, and refuses one more', () => {
    const slots: Slot[] = [{ clips: pool(1, 3) }, { clips: pool(10, 4) }]
    const all = pickVariants(slots, 12, { random: seeded(7) })
    expect(new Set(all.map((v) => v.hash)).size).toBe(12)
    expect(() => pickVariants(slots, 13, { random: seeded(7) })).toThrow(/13 variants asked for, but only 12 new combinations remain of 12/)
  })

  it('leaves out combinations already made, and says how many are left', () => {
    const slots: Slot[] = [{ clips: pool(1, 3) }, { clips: pool(10, 4) }]
    const first = pickVariants(slots, 5, { random: seeded(1) })
    const taken = new Set(first.map((v) => v.hash))
    const rest = pickVariants(slots, 7, { random: seeded(2), taken })
    expect(rest.some((v) => taken.has(v.hash))).toBe(false)
    expect(new Set([...taken, ...rest.map((v) => v.hash)]).size).toBe(12)
    expect(() => pickVariants(slots, 8, { random: seeded(3), taken })).toThrow(/only 7 new combinations remain/)
  })

  it('draws from a huge space without listing it', () => {
    const slots = Array.from({ length: 10 }, (_, s) => ({ clips: pool(s * 100, 20) }))
    const started = performance.now()
    const variants = pickVariants(slots, 1000, { random: seeded(42) })
    expect(performance.now() - started).toBeLessThan(2000)
    expect(new Set(variants.map((v) => v.hash)).size).toBe(1000)
  })

  it('finds the last few free combinations of a large space when random draws keep missing', () => {
    const slots: Slot[] = [{ clips: pool(0, 400) }, { clips: pool(1000, 300) }]
    const taken = new Set<string>()
    for (let a = 0; a < 400; a++) for (let b = 0; b < 300; b++) if (a + b > 2) taken.add(combinationHash([a, 1000 + b]))
    const variants = pickVariants(slots, 6, { random: seeded(5), taken })
    expect(variants.map((v) => v.picks.map((p) => p.clipId).join()).sort()).toEqual(['0,1000', '0,1001', '0,1002', '1,1000', '1,1001', '2,1000'])
  }, 30_000)

  it('picks a window between the slot\'s min and max seconds inside the clip, or the whole of a short clip', () => {
    const slots: Slot[] = [
      { clips: [{ id: 1, duration: 10 }, { id: 2, duration: 1.5 }], minSeconds: 2, maxSeconds: 4 },
      { clips: [{ id: 3, duration: 8 }], maxSeconds: 3 },
      { clips: [{ id: 4, duration: 6 }] },
    ]
    for (let seed = 1; seed <= 50; seed++) {
      for (const v of pickVariants(slots, 2, { random: seeded(seed) })) {
        const [first, second, third] = v.picks
        if (first!.clipId === 2) expect(first).toMatchObject({ start: 0, end: 1.5 })
        else {
          expect(first!.end - first!.start).toBeGreaterThanOrEqual(2 - 0.001)
          expect(first!.end - first!.start).toBeLessThanOrEqual(4 + 0.001)
          expect(first!.start).toBeGreaterThanOrEqual(0)
          expect(first!.end).toBeLessThanOrEqual(10)
        }
        expect(second!.end - second!.start).toBeCloseTo(3, 2)
        expect(third).toMatchObject({ clipId: 4, start: 0, end: 6 })
      }
    }
  })

  it('gives each pick a caption from its slot when the slot has some', () => {
    const slots: Slot[] = [{ clips: pool(1, 4), captions: ['一', '二'] }, { clips: pool(10, 4) }]
    const variants = pickVariants(slots, 16, { random: seeded(9) })
    expect(variants.every((v) => ['一', '二'].includes(v.picks[0]!.caption!) && v.picks[1]!.caption === undefined)).toBe(true)
    expect(new Set(variants.map((v) => v.picks[0]!.caption)).size).toBe(2)
  })

  it('refuses a slot with no clips and a count that is not a whole number', () => {
    expect(() => pickVariants([{ clips: [] }], 1, { random: Math.random })).toThrow(/a slot has no clips/)
    expect(() => pickVariants([{ clips: pool(1, 2) }], 1.5, { random: Math.random })).toThrow(/whole number/)
    expect(pickVariants([{ clips: pool(1, 2) }], 0, { random: Math.random })).toEqual([])
  })
})

describe('a variant covering a voice-over', () => {
  const length = (v: Variant, overlap = 0) => v.picks.reduce((sum, p) => sum + p.end - p.start + (p.hold ?? 0), 0) - (v.picks.length - 1) * overlap
  // The case: 3 slots with 2–4 s windows of 10 s clips, and 8.8 s of speech.
  const slots: Slot[] = [1, 2, 3].map((s) => ({ clips: pool(s * 10, 3, 10), minSeconds: 2, maxSeconds: 4 }))

  it('grows each window within its slot when that is enough, keeping the clips and their order', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const [variant] = pickVariants(slots, 1, { random: seeded(seed) })
      const covered = coverSeconds(variant!, slots, 9.4, { random: seeded(seed + 1) })
      expect(covered.picks.map((p) => p.clipId)).toEqual(variant!.picks.map((p) => p.clipId))
      expect(covered.hash).toBe(variant!.hash)
      expect(length(covered)).toBeCloseTo(Math.max(9.4, length(variant!)), 2)
      for (const p of covered.picks) {
        expect(p.end - p.start).toBeLessThanOrEqual(4 + 0.001)
        expect(p.start).toBeGreaterThanOrEqual(0)
        expect(p.end).toBeLessThanOrEqual(10)
      }
    }
  })

  it('plays the slots again in order when their longest windows are too short, the last piece cut to what is left', () => {
    const [variant] = pickVariants(slots, 1, { random: seeded(3) })
    const covered = coverSeconds(variant!, slots, 17.5, { random: seeded(4) })
    const ids = variant!.picks.map((p) => p.clipId)
    expect(covered.picks.map((p) => p.clipId)).toEqual([...ids, ...ids.slice(0, 2)])
    expect(covered.picks.slice(0, 4).every((p) => Math.abs(p.end - p.start - 4) < 0.002)).toBe(true)
    expect(covered.picks.at(-1)!.end - covered.picks.at(-1)!.start).toBeCloseTo(1.5, 2)
    expect(length(covered)).toBeCloseTo(17.5, 2)
    expect(covered.picks.slice(3).every((p) => p.caption === undefined)).toBe(true)
  })

  it('counts what each transition overlaps, and holds the last frame for less than the shortest repeat', () => {
    const [variant] = pickVariants(slots, 1, { random: seeded(5) })
    const overlapped = coverSeconds(variant!, slots, 13.2, { random: seeded(6), overlapSeconds: 0.5 })
    expect(length(overlapped, 0.5)).toBeCloseTo(13.2, 2)
    expect(overlapped.picks).toHaveLength(4)
    expect(overlapped.picks.every((p) => p.hold === undefined && p.end - p.start >= SHORTEST_REPEAT_SECONDS)).toBe(true)
    // 3 × 4 s is 12 s; 0.4 s more is too little for a piece, and the last frame holds.
    const held = coverSeconds(variant!, slots, 12.4, { random: seeded(6) })
    expect(held.picks).toHaveLength(3)
    expect(held.picks.at(-1)!.hold).toBeCloseTo(0.4, 3)
    expect(length(held)).toBeCloseTo(12.4, 3)
  })

  it('leaves a variant already long enough as it is', () => {
    const [variant] = pickVariants(slots, 1, { random: seeded(7) })
    expect(coverSeconds(variant!, slots, 5, { random: Math.random })).toBe(variant)
  })
})
