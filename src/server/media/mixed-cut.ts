import { createHash } from 'node:crypto'
import { SHORTEST_REPEAT_SECONDS } from './clip-plan'

/** One place in a mixed cut: the clips that may fill it, captions to pick from, and how long its piece may be. */
export interface Slot {
  clips: Array<{ id: number; duration: number }>
  captions?: string[]
  minSeconds?: number
  maxSeconds?: number
}

export interface VariantPick {
  clipId: number
  /** Seconds into the clip. */
  start: number
  end: number
  caption?: string
  /** Seconds its last frame stays after `end` (what is left of a voice-over after the last piece). */
  hold?: number
}

export interface Variant {
  /** combinationHash of the picked clip ids: what makes two variants the same. */
  hash: string
  picks: VariantPick[]
}

export interface PickOptions {
  /** Uniform in [0, 1); Math.random in use, a seeded generator in tests. */
  random: () => number
  /** Hashes of combinations made before, which must not come again. */
  taken?: ReadonlySet<string>
}

/** Spaces up to this size are listed in full, which is exact however full they are. */
export const ENUMERATION_LIMIT = 100_000
/** A larger space is listed only when random draws keep hitting combinations already made. */
const STALLED_ENUMERATION_LIMIT = 2_000_000
/** Draws in a row that found nothing new before random drawing is given up. */
const STALL_DRAWS = 2_000

/** How many different clip combinations the slots allow; captions vary within a combination and do not count. */
export function countCombinations(slots: readonly Slot[]): number {
  if (slots.length === 0) return 0
  let product = 1
  for (const slot of slots) {
    product *= distinctClips(slot).length
    if (product === 0) return 0
    if (product >= Number.MAX_SAFE_INTEGER) return Number.MAX_SAFE_INTEGER
  }
  return product
}

export function combinationHash(picks: readonly number[]): string {
  return createHash('sha256').update(picks.join(',')).digest('hex')
}

/**
 * n combinations of clips, one per slot, none the same as another or as any in `taken`;
 * each with a random window of the clip when its slot bounds the length, and a caption
 * when its slot offers some. Small spaces are listed and drawn from without repeats; large
 * ones are drawn at random and a repeat drawn again, so 20 clips in each of 10 slots never
 * lists 10^13 combinations.
 */
export function pickVariants(slots: readonly Slot[], n: number, opts: PickOptions): Variant[] {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`mixed cut: the number of variants must be a whole number ≥ 0, not ${n}`)
  const pools = slots.map(distinctClips)
  const total = countCombinations(slots)
  const taken = opts.taken ?? new Set<string>()
  const random = () => {
    const r = opts.random()
    return r >= 0 && r < 1 ? r : 0
  }
  if (n === 0) return []
  if (total === 0) throw new Error(`mixed cut: no combinations to make; ${pools.length === 0 ? 'there are no slots' : 'a slot has no clips'}`)

  let combinations: number[][] | null =
    total <= ENUMERATION_LIMIT ? drawFromList(pools, total, n, taken, random) : drawAtRandom(pools, total, n, taken, random)
  if (combinations === null) {
    if (total > STALLED_ENUMERATION_LIMIT) throw new Error(`mixed cut: could not find ${n} new combinations among ${total.toLocaleString('en-US')} (${taken.size.toLocaleString('en-US')} already made); add clips to the slots`)
    combinations = drawFromList(pools, total, n, taken, random)
  }

  return combinations.map((indexes) => {
    const picks = indexes.map((index, s) => {
      const slot = slots[s]!
      const clip = pools[s]![index]!
      const pick: VariantPick = { clipId: clip.id, ...windowIn(clip.duration, slot, random) }
      if (slot.captions?.length) pick.caption = slot.captions[Math.min(slot.captions.length - 1, Math.floor(random() * slot.captions.length))]!
      return pick
    })
    return { hash: combinationHash(picks.map((p) => p.clipId)), picks }
  })
}

/** A pool with each clip id once: a clip listed twice is one choice, not two. */
function distinctClips(slot: Slot): Slot['clips'] {
  const seen = new Set<number>()
  return slot.clips.filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)))
}

const indexIn = (size: number, random: () => number) => Math.min(size - 1, Math.floor(random() * size))

/** Combination number k of the space, as one index per slot (the last slot varying fastest). */
function decode(k: number, pools: readonly Slot['clips'][]): number[] {
  const out = new Array<number>(pools.length)
  for (let s = pools.length - 1; s >= 0; s--) {
    const size = pools[s]!.length
    out[s] = k % size
    k = Math.floor(k / size)
  }
  return out
}

const hashOf = (indexes: readonly number[], pools: readonly Slot['clips'][]) => combinationHash(indexes.map((i, s) => pools[s]![i]!.id))

function notEnough(n: number, left: number, total: number): Error {
  return new Error(`mixed cut: ${n} variants asked for, but only ${left.toLocaleString('en-US')} new combination${left === 1 ? '' : 's'} remain of ${total.toLocaleString('en-US')}; add clips to the slots or ask for fewer`)
}

/** Every combination not yet made, then n of them drawn without repeats (a partial Fisher–Yates shuffle). */
function drawFromList(pools: readonly Slot['clips'][], total: number, n: number, taken: ReadonlySet<string>, random: () => number): number[][] {
  let free: Uint32Array
  if (taken.size === 0) free = Uint32Array.from({ length: total }, (_, k) => k)
  else {
    free = new Uint32Array(total)
    let count = 0
    for (let k = 0; k < total; k++) if (!taken.has(hashOf(decode(k, pools), pools))) free[count++] = k
    free = free.subarray(0, count)
  }
  if (n > free.length) throw notEnough(n, free.length, total)
  const out: number[][] = []
  for (let i = 0; i < n; i++) {
    const j = i + indexIn(free.length - i, random)
    ;[free[i], free[j]] = [free[j]!, free[i]!]
    out.push(decode(free[i]!, pools))
  }
  return out
}

/** Random draws, a repeat drawn again; null when draws stop finding anything new. */
function drawAtRandom(pools: readonly Slot['clips'][], total: number, n: number, taken: ReadonlySet<string>, random: () => number): number[][] | null {
  if (n > total) throw notEnough(n, total, total)
  const chosen = new Set<string>()
  const out: number[][] = []
  let misses = 0
  while (out.length < n) {
    const indexes = pools.map((pool) => indexIn(pool.length, random))
    const hash = hashOf(indexes, pools)
    if (taken.has(hash) || chosen.has(hash)) {
      if (++misses >= STALL_DRAWS) return null
      continue
    }
    misses = 0
    chosen.add(hash)
    out.push(indexes)
  }
  return out
}

/**
 * The part of a clip a slot uses: a random stretch between its min and max seconds (never
 * longer than the clip), the whole clip when it is shorter than the minimum or the slot
 * sets no bounds. With only a maximum, the stretch is that long.
 */
function windowIn(duration: number, slot: Slot, random: () => number): { start: number; end: number } {
  const round = (n: number) => Math.round(n * 1000) / 1000
  const { minSeconds, maxSeconds } = slot
  if (minSeconds === undefined && maxSeconds === undefined) return { start: 0, end: round(duration) }
  const min = minSeconds ?? maxSeconds!
  if (duration <= min) return { start: 0, end: round(duration) }
  const max = Math.min(maxSeconds ?? duration, duration)
  const length = max > min ? min + random() * (max - min) : min
  const start = random() * (duration - length)
  return { start: round(start), end: round(Math.min(duration, start + length)) }
}


/**
 * A variant's picks made to last at least `seconds` (a voice-over and its tail), joined with
 * `overlapSeconds` lost at each join to a transition. First every window grows within its
 * slot's longest and its clip, in proportion to the room each has; when that is not enough,
 * the slots play again in order, the same clip with a new window, the last piece cut to what is
 * left, and less than SHORTEST_REPEAT_SECONDS left over holds the last frame. Longer picks are
 * left as they are: a voice-over shorter than the video ends inside it.
 */
export function coverSeconds(variant: Variant, slots: readonly Slot[], seconds: number, opts: { random: () => number; overlapSeconds?: number }): Variant {
  const round = (n: number) => Math.round(n * 1000) / 1000
  const overlap = opts.overlapSeconds ?? 0
  const lengthOf = (picks: readonly VariantPick[]) => picks.reduce((sum, p) => sum + p.end - p.start + (p.hold ?? 0), 0) - Math.max(0, picks.length - 1) * overlap
  const clipOf = (s: number) => slots[s]!.clips.find((c) => c.id === variant.picks[s]!.clipId)!.duration
  const longest = (s: number) => Math.min(slots[s]!.maxSeconds ?? clipOf(s), clipOf(s))
  let deficit = seconds - lengthOf(variant.picks)
  if (!(deficit > 0.0005)) return variant

  const room = variant.picks.map((p, s) => Math.max(0, longest(s) - (p.end - p.start)))
  const totalRoom = room.reduce((a, b) => a + b, 0)
  const share = totalRoom > 0 ? Math.min(1, deficit / totalRoom) : 0
  const picks = variant.picks.map((p, s) => {
    const grow = room[s]! * share
    if (grow <= 0) return p
    const end = Math.min(clipOf(s), p.end + grow)
    return { ...p, start: round(Math.max(0, p.start - (grow - (end - p.end)))), end: round(end) }
  })
  deficit = seconds - lengthOf(picks)
  for (let s = 0; deficit > 0.0005; s = (s + 1) % slots.length) {
    if (deficit < SHORTEST_REPEAT_SECONDS) {
      const last = picks.at(-1)!
      picks[picks.length - 1] = { ...last, hold: round((last.hold ?? 0) + deficit) }
      break
    }
    const clip = clipOf(s)
    const length = Math.min(longest(s), Math.max(deficit + overlap, 2 * overlap))
    if (!(length > overlap)) throw new RangeError(`mixed cut: slot ${s + 1}'s clip is too short to repeat across a ${overlap} s transition`)
    const start = opts.random() * (clip - length)
    picks.push({ clipId: variant.picks[s]!.clipId, start: round(start), end: round(Math.min(clip, start + length)) })
    deficit = seconds - lengthOf(picks)
  }
  return { hash: variant.hash, picks }
}
