import { readdirSync, readFileSync } from 'node:fs'
import { clockTicks } from './process-cpu'

/**
 * Waits until a freshly launched Chromium has finished its own start-up work: right after
 * launch, its UI renderer (--top-chrome-webui) and browser process keep about one of this
 * machine's two cores busy for half a second, which a page loaded then shares. Settled means
 * its processes (those running on `profile`) used under one clock tick of CPU in `quietMs`.
 * Reads /proc, so Linux only; elsewhere, or past `limitMs`, it returns what it waited.
 */
export async function browserSettled(profile: string, { quietMs = 200, limitMs = 5000 } = {}): Promise<number> {
  const started = performance.now()
  let before = browserCpuTicks(profile)
  if (before === undefined) return 0
  while (performance.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, quietMs))
    const now = browserCpuTicks(profile)
    if (now === undefined || now - before <= 1) break
    before = now
  }
  return performance.now() - started
}

/** CPU time, in clock ticks, of every process whose command line names the profile folder. */
function browserCpuTicks(profile: string): number | undefined {
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return undefined
  }
  let ticks = 0
  for (const pid of pids) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(profile)) continue
      ticks += clockTicks(readFileSync(`/proc/${pid}/stat`, 'utf8'))
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks
}
