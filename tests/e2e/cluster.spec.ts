import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCluster, type Cluster } from '../../scripts/cluster/cluster'
import { freePort } from '../../scripts/cluster/ports'
import { makeTestVideo } from '../../src/server/media/test-media'
import { withSignedIn, type Product } from './harness'

/**
 * npm run cluster, as an operator starts it: nginx in front of two API processes, two workers, and
 * a PostgreSQL, Redis and S3 store (s3rver) of the cluster's own. A browser uploads through it
 * straight to the store, work runs in a worker process, and a process killed with -9 costs
 * nothing: nginx sends the next requests to the other API, and a task whose worker died is
 * finished by another, once, and paid once.
 */
describe('the deployment of deploy/ on one machine (npm run cluster)', () => {
  let cluster: Cluster
  let product: Product
  let media: string
  let token: string

  const api = async <T>(method: 'GET' | 'POST', path: string, body?: unknown, query = ''): Promise<{ status: number; json: { code: number; msg: string; data: T } }> => {
    const res = await fetch(`${cluster.url}/api/v1${path}${query}`, { method, headers: { platform: 'pc', token, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) })
    return { status: res.status, json: (await res.json()) as { code: number; msg: string; data: T } }
  }
  const logLines = (name: string) => readFileSync(join(cluster.logDir, `${name}.log`), 'utf8').split('\n').filter((line) => line.startsWith('{"level"')).map((line) => JSON.parse(line) as Record<string, unknown>)
  const task = async (id: number) => (await api<{ status: string; attempts: number; reference: string }>('GET', '/task/detail', undefined, `?id=${id}`)).json.data

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'cluster-media-'))
    // The cluster's PostgreSQL runs as the postgres user when the test runs as root: it must reach its folder.
    chmodSync(media, 0o755)
    await Promise.all([makeTestVideo(join(media, 'short.mp4'), { seconds: 2, width: 160, height: 120 }), makeTestVideo(join(media, 'long.mp4'), { seconds: 20, width: 320, height: 240 })])
    // dist/ as the browser suite built it: other files' servers are serving it.
    cluster = await startCluster({
      buildIfChanged: false,
      apis: 2,
      workers: 2,
      port: await freePort(),
      dir: join(media, 'cluster'),
      fresh: true,
      // A worker that stops renewing loses its task after 3 s instead of a kind's minute; one task at a time each.
      env: { TASK_LEASE_SECONDS: '3', WORKER_CONCURRENCY: '1', DEMO_LIBRARY: '0' },
    })
    product = { url: cluster.url, dataDir: cluster.dir, logins: Object.fromEntries(cluster.logins.map((l) => [l.username, l.password])), output: () => '', stop: () => cluster.stop() }
    const login = await fetch(`${cluster.url}/api/v1/platform/login`, { method: 'POST', headers: { platform: 'pc', 'content-type': 'application/json' }, body: JSON.stringify({ username: 'merchant1', password: product.logins.merchant1 }) })
    token = ((await login.json()) as { data: { userinfo: { token: string } } }).data.userinfo.token
  }, 240_000)

  afterAll(async () => {
    await cluster?.stop()
    rmSync(media, { recursive: true, force: true })
  })

  it('serves the console through nginx, spreads requests over both API processes, and carries one request id from nginx to the log', async () => {
    expect((await fetch(`${cluster.url}/ready`)).status).toBe(200)
    const ids: string[] = []
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${cluster.url}/api/v1/platform/get_user_info`, { method: 'POST', headers: { platform: 'pc', token } })
      expect(res.status).toBe(200)
      ids.push(res.headers.get('x-request-id')!)
    }
    // nginx's $request_id: 32 hex digits, kept by the API on its answer and its log line.
    expect(ids.every((id) => /^[0-9a-f]{32}$/.test(id))).toBe(true)
    const answeredBy = (name: string) => logLines(name).filter((line) => ids.includes(String(line.reqId))).length
    // A process's lines reach its log file a moment after its answer.
    await expect.poll(() => answeredBy('api-1') + answeredBy('api-2')).toBe(6)
    expect(answeredBy('api-1')).toBeGreaterThan(0)
    expect(answeredBy('api-2')).toBeGreaterThan(0)
  })

  it('takes a browser\'s upload straight into the store, and shows the material\'s thumbnail from there', async () => {
    await withSignedIn(product, 'merchant1', async (page) => {
      await page.goto(`${cluster.url}/creation/resource`)
      await page.locator('.material-upload input[type=file]').setInputFiles([join(media, 'short.mp4'), join(media, 'long.mp4')])
      for (const name of ['short.mp4', 'long.mp4']) await page.locator('.material-upload-file', { hasText: name }).and(page.locator('[data-state="done"]')).waitFor({ timeout: 60_000 })
      const thumb = page.getByRole('row', { name: /short\.mp4/ }).locator('img').first()
      await thumb.waitFor()
      expect(await thumb.getAttribute('src')).toMatch(new RegExp(`^${cluster.backing.store!.url}/console/`))
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true)
    })
    // The files are the store's (s3rver keeps an object as KEY._S3rver_object), and no process's folder holds any.
    expect(readdirSync(join(cluster.dir, 'store', 'files', 'console'), { recursive: true }).filter((file) => /\.mp4\._S3rver_object$/.test(String(file)))).toHaveLength(4)
    for (const name of ['api-1', 'api-2']) expect(existsSync(join(cluster.dir, name, 'uploads'))).toBe(false)
  })

  it('goes on answering when an API process is killed with -9, and the process is started again', async () => {
    const [first] = cluster.apis
    const before = first!.pid()
    first!.kill('SIGKILL')
    // Requests written to it as it died are lost (the chaos run counts those); from its death on, none is.
    await first!.exits(1)
    const answers = await Promise.all(Array.from({ length: 12 }, () => fetch(`${cluster.url}/api/v1/platform/get_user_info`, { method: 'POST', headers: { platform: 'pc', token } }).then((res) => res.status)))
    expect(answers).toEqual(Array(12).fill(200))
    await expect.poll(() => fetch(`http://127.0.0.1:${cluster.apiPorts[0]}/ready`).then((res) => res.status, () => 0), { timeout: 30_000, interval: 250 }).toBe(200)
    expect(first!.pid()).not.toBe(before)
  })

  it('finishes a task whose worker was killed with -9 mid-run in the other worker, once, paid once', async () => {
    const materials = await api<{ data: { id: number; name: string }[] }>('GET', '/material/list')
    const long = materials.json.data.data.find((m) => m.name === 'long.mp4')!
    const submitted = await api<{ id: number; reference: string }>('POST', '/task/submit_clip', { title: 'Killed mid-run', segments: [{ material_id: long.id }], resolution: 720 })
    expect(submitted.json.code).toBe(1)
    const id = submitted.json.data.id
    // The worker running it, from its log line: the line names its process.
    let pid: number | undefined
    await expect.poll(() => {
      for (const name of ['worker-1', 'worker-2']) pid ??= logLines(name).find((line) => line.taskId === id && line.msg === 'task started')?.pid as number | undefined
      return pid
    }, { timeout: 30_000, interval: 100 }).toBeDefined()
    const victim = cluster.workers.find((worker) => worker.pid() === pid)!
    victim.kill('SIGKILL')
    await expect.poll(async () => (await task(id)).status, { timeout: 90_000, interval: 500 }).toBe('succeeded')
    const done = await task(id)
    expect(done.attempts).toBe(2)
    const works = await api<{ data: unknown[] }>('GET', '/work/list', undefined, `?task_id=${id}`)
    expect(works.json.data.data).toHaveLength(1)
    const ledger = await api<{ data: { type: string; related_type: string; related_id: number }[] }>('GET', '/platform/user_money_log', undefined, '?limit=50')
    expect(ledger.json.data.data.filter((row) => row.related_type === 'task' && row.related_id === id).map((row) => row.type)).toEqual(['consume'])
    // Both runs' lines carry the reference the task's detail shows.
    const lines = ['worker-1', 'worker-2'].flatMap(logLines).filter((line) => line.taskId === id)
    expect(lines.filter((line) => line.msg === 'task started').map((line) => line.reqId)).toEqual([done.reference, done.reference])
  })

  it('stops every process it started', async () => {
    const pids = [...cluster.apis, ...cluster.workers].map((p) => p.pid()).filter((pid): pid is number => pid !== undefined)
    await cluster.stop()
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0)
        return true
      } catch {
        return false
      }
    })
    expect(alive).toEqual([])
    await expect(fetch(`${cluster.url}/ready`)).rejects.toThrow()
  })
})
