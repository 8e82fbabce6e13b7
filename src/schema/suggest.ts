/** "Did you mean" for names that are close to a known one (one or two typos). */
export function suggest(found: string, known: readonly string[]): string | undefined {
  let best: string | undefined
  // One typo per four characters, at least one: close enough to be a slip, not a different word.
  let bestDistance = Math.max(1, Math.floor(found.length / 4)) + 1
  for (const candidate of known) {
    const d = editDistance(found.toLowerCase(), candidate.toLowerCase())
    if (d < bestDistance) {
      best = candidate
      bestDistance = d
    }
  }
  return best
}

export function didYouMean(found: string, known: readonly string[]): string {
  const s = suggest(found, known)
  return s ? ` Did you mean "${s}"?` : ''
}

/** Optimal string alignment distance: a swap of two neighbours ("parnter") counts as one typo. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) d[0]![j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1)
      d[i]![j] = best
    }
  }
  return d[a.length]![b.length]!
}
