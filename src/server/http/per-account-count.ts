/**
 * Open things (event streams, previews being made) counted per account in this process. `take`
 * answers a release function, or undefined when the account already holds `max`.
 */
export function perAccountCount(max: () => number): { take(accountId: number): (() => void) | undefined } {
  const open = new Map<number, number>()
  return {
    take(accountId) {
      const now = open.get(accountId) ?? 0
      if (now >= max()) return undefined
      open.set(accountId, now + 1)
      let released = false
      return () => {
        if (released) return
        released = true
        const left = (open.get(accountId) ?? 1) - 1
        if (left > 0) open.set(accountId, left)
        else open.delete(accountId)
      }
    },
  }
}
