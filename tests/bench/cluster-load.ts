/**
 * API requests a second through nginx with 1 and with 2 API processes behind it, on one cluster:
 * its own nginx has both APIs in its upstream, and a second nginx, rendered from the same site
 * file, has only the first. Both load the same processes, database and rows, in alternating
 * slices, so a spell of other work on the machine lands on both instead of deciding the ratio.
 */
import { cpus } from 'node:os'
import { join } from 'node:path'
import type { Cluster } from '../../scripts/cluster/cluster'
import { startNginx } from '../../scripts/cluster/nginx'
import { freePort } from '../../scripts/cluster/ports'
import { fetchList, signIn } from './api-client'
import type { Cleanup } from './cleanup'
import { combineSlices, measureSlice, warmUp, type LoadPlan, type LoadResult, type LoadTarget, type Slice } from './load'
import { machineBusy } from './machine-cpu'
import { REPO_ROOT } from './paths'
import { treeCpuMs } from './process-cpu'

export const API_LOAD = { connections: 10, warmupSeconds: 2, slices: 3, sliceSeconds: 3, path: '/api/v1/domain/list?limit=20' }

export interface ApiRun {
  apis: number
  load: LoadResult
  /** Cores busy over the measured slices: the whole machine's (undefined off Linux), and this process's. */
  machineCores: number | undefined
  /** autocannon, and the cluster's log pipes, which pass every process's lines through this one. */
  thisProcessCores: number
}

export interface ApiScale {
  /** Rows the list answers with. */
  rows: number
  runs: ApiRun[]
}

export async function loadThroughNginx(cluster: Cluster, admin: { username: string; password: string }, cleanup: Cleanup): Promise<ApiScale> {
  const both = Number(new URL(cluster.url).port)
  const onePort = await freePort()
  const one = await startNginx(join(cluster.dir, 'nginx-one-api'), join(REPO_ROOT, 'deploy/nginx/console.conf'), onePort, [cluster.apiPorts[0]!])
  cleanup.add(() => one.stop())
  try {
    const token = await signIn(both, admin.username, admin.password)
    const page = await fetchList(both, `${API_LOAD.path}&page=1`, token)
    if (page.data.length === 0) throw new Error(`${API_LOAD.path} answers no rows; the load would measure empty pages.`)
    // Every API process's CPU: the one nginx leaves out idles, and counts nothing.
    const apisCpuMs = () => cluster.apis.reduce<number | undefined>((sum, api) => {
      const pid = api.pid()
      const ms = pid === undefined ? undefined : treeCpuMs(pid)
      return sum === undefined || ms === undefined ? undefined : sum + ms
    }, 0)
    const targets: { apis: number; target: LoadTarget }[] = [
      { apis: 1, target: { port: onePort, cpuMs: apisCpuMs } },
      { apis: 2, target: { port: both, cpuMs: apisCpuMs } },
    ]
    const plan: LoadPlan = { connections: API_LOAD.connections, path: API_LOAD.path, pages: 1, token }
    for (const { target } of targets) await warmUp(target, plan, API_LOAD.warmupSeconds)
    const slices = targets.map(() => [] as Slice[])
    const busy = targets.map(() => [] as (number | undefined)[])
    const ownCpuUs = targets.map(() => 0)
    for (let i = 0; i < API_LOAD.slices; i++) {
      for (const [t, { target }] of targets.entries()) {
        const sliceBusy = machineBusy()
        const own = process.cpuUsage()
        slices[t]!.push(await measureSlice(target, plan, API_LOAD.sliceSeconds))
        const used = process.cpuUsage(own)
        ownCpuUs[t]! += used.user + used.system
        busy[t]!.push(sliceBusy())
      }
    }
    const cores = cpus().length
    return {
      rows: page.total,
      runs: targets.map(({ apis }, t) => {
        const seconds = slices[t]!.reduce((sum, slice) => sum + slice.seconds, 0)
        const known = busy[t]!.every((b) => b !== undefined)
        return {
          apis,
          load: combineSlices(slices[t]!),
          // Slices are of equal length, so the mean of their fractions is the fraction over all of them.
          machineCores: known ? (busy[t]!.reduce<number>((sum, b) => sum + b!, 0) / busy[t]!.length) * cores : undefined,
          thisProcessCores: ownCpuUs[t]! / 1e6 / seconds,
        }
      }),
    }
  } finally {
    await one.stop()
  }
}
