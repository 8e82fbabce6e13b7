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

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1))
      diagonal = above
    }
  }
  return row[b.length]!
}
