import { AppError } from '../errors/AppError'

/**
 * Work done inside requests (a process started, a vendor called) at most `atOnce` at a time in
 * this process; up to `waiting` more wait their turn, and the rest are refused with 429 at once,
 * so a burst from one account cannot slow every other request down.
 */
export function workGate(atOnce: () => number, waiting: number, busy: 'BUSY' | 'UPLOADS_BUSY' = 'BUSY'): { run<T>(work: () => Promise<T>): Promise<T> } {
  let running = 0
  const queue: (() => void)[] = []
  return {
    async run(work) {
      if (running < atOnce()) running += 1
      else if (queue.length < waiting) await new Promise<void>((resolve) => queue.push(resolve))
      else throw new AppError(busy, { seconds: 5 })
      try {
        return await work()
      } finally {
        // The slot passes straight to the next in line.
        const next = queue.shift()
        if (next) next()
        else running -= 1
      }
    },
  }
}

/** Answers kept by key, the least recently used dropped once there are more than `entries` or `bytes`. */
export function answerCache(entries: number, bytes: number): { get(key: string): Buffer | undefined; set(key: string, value: Buffer): void } {
  const kept = new Map<string, Buffer>()
  let size = 0
  return {
    get(key) {
      const value = kept.get(key)
      if (value) {
        kept.delete(key)
        kept.set(key, value)
      }
      return value
    },
    set(key, value) {
      if (value.length > bytes) return
      const old = kept.get(key)
      if (old) size -= old.length
      kept.delete(key)
      kept.set(key, value)
      size += value.length
      for (const [oldest, buffer] of kept) {
        if (kept.size <= entries && size <= bytes) break
        kept.delete(oldest)
        size -= buffer.length
      }
    },
  }
}
