import { readFileSync } from 'node:fs'

/**
 * How busy the whole machine's cores were between `start()` and the call it returns, as a
 * fraction (1 = every core all the time), from /proc/stat; undefined off Linux. A ratio of two
 * configurations near 1 with the cores near 1 busy says the machine, not the design, was the limit.
 */
export function machineBusy(): () => number | undefined {
  const before = cpuTicks()
  return () => {
    const after = cpuTicks()
    if (!before || !after) return undefined
    const total = after.total - before.total
    return total > 0 ? (total - (after.idle - before.idle)) / total : undefined
  }
}

function cpuTicks(): { total: number; idle: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!
    // cpu user nice system idle iowait irq softirq steal (guest time is counted in user already).
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1, 9).map(Number) as number[]
    return { total: user! + nice! + system! + idle! + iowait! + irq! + softirq! + steal!, idle: idle! + iowait! }
  } catch {
    return undefined
  }
}
