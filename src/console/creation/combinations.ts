/**
 * How many different videos a mixed cut's slots allow: one clip from each slot, so the product
 * of the number of different clips in each (a clip listed twice in a slot is one choice). The
 * server counts the same before it takes the task, and refuses more variants than this.
 */
export function combinationCount(slots: unknown): number {
  if (!Array.isArray(slots) || slots.length === 0) return 0
  let product = 1
  for (const slot of slots) {
    const clips = (slot as { clips?: unknown } | null)?.clips
    product *= new Set(Array.isArray(clips) ? clips.filter((id) => typeof id === 'number') : []).size
    if (product === 0) return 0
    if (product >= Number.MAX_SAFE_INTEGER) return Number.MAX_SAFE_INTEGER
  }
  return product
}
