/** How often progress is passed on at most; ffmpeg itself reports every half second. */
export const PROGRESS_INTERVAL_MS = 250

/**
 * Reads ffmpeg's `-progress` output (key=value lines, in whatever chunks the pipe gives) and
 * calls `onProgress` with the share done: at most every PROGRESS_INTERVAL_MS, never going
 * back, and exactly once with 1 at the end.
 */
export function createProgressReader(durationSeconds: number | undefined, onProgress: ((fraction: number) => void) | undefined, now: () => number = Date.now) {
  let partial = ''
  let reported = -1
  let lastAt = -Infinity
  let finished = false

  const report = (fraction: number, force: boolean) => {
    if (!onProgress || finished) return
    if (fraction >= 1) {
      finished = true
      onProgress(1)
      return
    }
    const at = now()
    if (fraction <= reported || (!force && at - lastAt < PROGRESS_INTERVAL_MS)) return
    reported = fraction
    lastAt = at
    onProgress(fraction)
  }

  const line = (text: string) => {
    const eq = text.indexOf('=')
    if (eq < 0) return
    const key = text.slice(0, eq).trim()
    const value = text.slice(eq + 1).trim()
    if (key === 'progress' && value === 'end') return report(1, true)
    // out_time_ms is in microseconds too (a long-standing ffmpeg naming slip); out_time_us is the same number under an honest name.
    if ((key === 'out_time_us' || key === 'out_time_ms') && durationSeconds && durationSeconds > 0) {
      const us = Number(value)
      if (!Number.isFinite(us) || us < 0) return
      // Short of 1 until ffmpeg says it has ended: the last frames are still being written.
      report(Math.min(0.999, us / 1e6 / durationSeconds), false)
    }
  }

  return {
    push(chunk: string) {
      partial += chunk
      let nl: number
      while ((nl = partial.indexOf('\n')) >= 0) {
        line(partial.slice(0, nl))
        partial = partial.slice(nl + 1)
      }
    },
    /** The run succeeded: 1, if ffmpeg's own end line did not already give it. */
    finish: () => report(1, true),
  }
}
