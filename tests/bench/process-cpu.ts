import { readFileSync } from 'node:fs'

/** Linux reports process times in USER_HZ ticks, which is 100 on every architecture node runs on. */
const MS_PER_TICK = 10

/**
 * CPU time (user + system, ms) used so far by a process and all its descendants, or
 * undefined off Linux. Under tsx (the baseline) the server runs in a child of the
 * process we spawn, so the whole tree counts; the built server is that process itself.
 * CPU per request stays meaningful when other work on the machine makes req/s noisy,
 * as it is counted only while the server itself runs.
 */
export function treeCpuMs(pid: number): number | undefined {
  try {
    let ticks = 0
    for (const id of [pid, ...descendants(pid)]) ticks += clockTicks(readFileSync(`/proc/${id}/stat`, 'utf8'))
    return ticks * MS_PER_TICK
  } catch {
    return undefined
  }
}

/** Children of the main thread only: that is the thread that forks in node and tsx. */
function descendants(pid: number): number[] {
  const listed = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()
  return listed ? listed.split(' ').map(Number).flatMap((child) => [child, ...descendants(child)]) : []
}

/** User + system time, in ticks, from the text of /proc/PID/stat. */
export function clockTicks(stat: string): number {
  // Fields after the command name, which may itself hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return Number(fields[11]) + Number(fields[12])
}

/** Resident set size from /proc, in MiB; 0 where /proc is not there. */
export function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Number(kb) / 1024 : 0
  } catch {
    return 0
  }
}
