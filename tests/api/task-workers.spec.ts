// PostgreSQL too: the queue, shared by worker processes.
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCHEMAS_DIR, startTestServer, type TestServer } from './harness'
import { changeMoney } from '../../src/server/ledger/ledger'
import { taskHandlers } from '../../src/server/task-handlers'
import { taskWorkRoot } from '../../src/server/tasks/runner'
import { makeTestVideo } from '../../src/server/media/test-media'
import { startWorkerProcess } from '../support/worker-process'
import { waitForTask, type Task } from '../support/tasks'
import { startWorkers } from '../../src/server/tasks/engine'

const LEASE_SECONDS = 2

describe('task workers in processes of their own: killed mid-task, and several sharing one queue', () => {
  let server: TestServer
  let media: string
  let token: Record<string, string>
  let material: { short: number; long: number }
  const workers: ChildProcess[] = []

  /** `npm run worker` on the test server's database, as another machine would run it. */
  const startWorker = async (): Promise<ChildProcess> => {
    const child = await startWorkerProcess(server.services.config, SCHEMAS_DIR, { TASK_LEASE_SECONDS: String(LEASE_SECONDS), WORKER_CONCURRENCY: '1' })
    workers.push(child)
    return child
  }
  /** The worker and every process it started (its ffmpeg), at once, as a machine losing power would. */
  const kill = (child: ChildProcess) => process.kill(-child.pid!, 'SIGKILL')

  const submit = (body: Record<string, unknown>) => server.call<Task>('POST', '/task/submit_clip', { token: token.m1, body })
  const workOf = async (taskId: number) => (await server.call<{ data: unknown[] }>('GET', '/work/list', { token: token.m1, query: { task_id: taskId } })).body.data.data
  const moneyLog = async (taskId: number) =>
    (await server.services.db.selectFrom('user_money_log').select(['type', 'amount']).where('related_type', '=', 'task').where('related_id', '=', taskId).orderBy('id').execute()).map((row) => ({ type: row.type, amount: Number(row.amount) }))

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'task-workers-'))
    await makeTestVideo(join(media, 'short.mp4'), { seconds: 1, width: 160, height: 120 })
    await makeTestVideo(join(media, 'long.mp4'), { seconds: 20, width: 320, height: 240 })
    server = await startTestServer({ config: { taskLeaseSeconds: LEASE_SECONDS } })
    let id: Record<string, number>
    ;({ id, token } = await server.accounts([
      ['p1', 'partner'],
      ['m1', 'merchant', 'p1'],
      ['m2', 'merchant', 'p1'],
    ]))
    await server.services.db.transaction().execute((trx) => changeMoney(trx, server.services, { userId: id.m1!, type: 'adjust', amount: 10_000, operatorId: null }))
    const upload = async (file: string) => (await server.upload<{ id: number }>('/material/upload', { file: [file, readFileSync(join(media, file))] }, { token: token.m1 })).body.data.id
    material = { short: await upload('short.mp4'), long: await upload('long.mp4') }
  }, 120_000)

  afterAll(async () => {
    for (const child of workers) if (child.exitCode === null && child.signalCode === null) kill(child)
    await server?.close()
    rmSync(media, { recursive: true, force: true })
  })

  it('finishes a task whose worker was killed with SIGKILL mid-run exactly once, charged once', async () => {
    const first = await startWorker()
    const res = await submit({ title: 'survives', segments: [{ material_id: material.long }], resolution: 720, fps: 30, bitrate: 1800, subtitle_text: '断电也要完成。' })
    const taskId = res.body.data.id
    await waitForTask(server, token.m1!, taskId, 'running', (t) => t.progress >= 3)
    kill(first)
    await startWorker()
    const done = await waitForTask(server, token.m1!, taskId, 'succeeded', undefined, 120_000)
    expect(done.attempts).toBe(2)
    expect(done.cost_state).toBe('captured')
    expect(await workOf(taskId)).toHaveLength(1)
    expect(await moneyLog(taskId)).toEqual([{ type: 'consume', amount: -10 }])
    // The killed worker's temporary files went with the run that took over.
    expect(readdirSync(taskWorkRoot(server.services)).filter((name) => name.startsWith(`task-${taskId}-`))).toEqual([])
  }, 180_000)

  it('follows the caller\'s tasks live over Server-Sent Events and resumes from the last event after a reconnect', async () => {
    await startWorkers(server.services, taskHandlers, 1)
    await server.app.listen({ host: '127.0.0.1', port: 0 })
    const address = server.app.server.address() as { port: number }
    // As a browser opens it: a link signed in by a one-use ticket, asked for at each connection.
    const link = async (who: string) => `http://127.0.0.1:${address.port}${await server.link(token[who]!, '/task/events')}`
    const stream = follow(await link('m1'))
    const others = follow(await link('m2'))
    // Each event is the task as it stands when the stream looks, so a task of a second could pass from queued to
    // succeeded between two looks: this one runs for seconds, its progress reported along the way.
    const res = await submit({ title: 'live', segments: [{ material_id: material.long }], resolution: 480 })
    const taskId = res.body.data.id
    const seen = await stream.until((events) => events.some((e) => e.task.id === taskId && e.task.status === 'succeeded'), 90_000)
    const mine = seen.filter((e) => e.task.id === taskId)
    expect(mine.map((e) => e.task.status)).toEqual(expect.arrayContaining(['running', 'succeeded']))
    expect(mine.some((e) => e.task.status === 'running' && e.task.progress > 0 && e.task.progress < 100)).toBe(true)
    expect(mine.at(-1)!.task.progress).toBe(100)
    stream.close()
    // Another merchant's stream carries nothing of this task.
    expect(others.events.filter((e) => e.task.id === taskId)).toEqual([])
    others.close()
    // Reconnecting with the id of an event before the end replays what came after it.
    const resumed = follow(await link('m1'), mine[0]!.id)
    const replay = await resumed.until((events) => events.some((e) => e.task.id === taskId && e.task.status === 'succeeded'))
    expect(replay[0]!.id > mine[0]!.id).toBe(true)
    resumed.close()
  }, 120_000)

  it('lets one account hold only so many live streams open, and another once one closes', async () => {
    server.services.config.eventStreamsPerAccount = 3
    try {
      const address = server.app.server.address() as { port: number }
      const link = async (who: string) => `http://127.0.0.1:${address.port}${await server.link(token[who]!, '/task/events')}`
      const open = await Promise.all([1, 2, 3].map(async () => opened(await link('m2'))))
      expect(open.map((o) => o.status)).toEqual([200, 200, 200])
      const fourth = await fetch(await link('m2'))
      expect(fourth.status).toBe(429)
      expect(await fourth.json()).toMatchObject({ code: 0, msg: expect.stringContaining('already follows 3 live views') })
      // Another account is not held back by this one.
      const theirs = await opened(await link('m1'))
      expect(theirs.status).toBe(200)
      theirs.close()
      open[0]!.close()
      await expect.poll(async () => {
        const again = await opened(await link('m2'))
        again.close()
        return again.status
      }).toBe(200)
      for (const o of open) o.close()
    } finally {
      server.services.config.eventStreamsPerAccount = 20
    }
  })

  it.runIf(process.env.TEST_DATABASE === 'postgres')('splits the jobs between two worker processes sharing one PostgreSQL queue', async () => {
    await server.services.tasks.stop()
    for (const child of workers) if (child.exitCode === null && child.signalCode === null) kill(child)
    await Promise.all([startWorker(), startWorker()])
    const ids: number[] = []
    for (let i = 0; i < 6; i++) ids.push((await submit({ title: `split ${i}`, segments: [{ material_id: material.short }], resolution: 480 })).body.data.id)
    for (const taskId of ids) await waitForTask(server, token.m1!, taskId, 'succeeded', undefined, 120_000)
    const rows = await server.services.db.selectFrom('task').select(['id', 'worker']).where('id', 'in', ids).execute()
    expect(new Set(rows.map((r) => r.worker)).size).toBe(2)
  }, 180_000)
})

interface Event {
  id: string
  task: Task
}

/** An EventSource's reading of a text/event-stream, enough for the test: events with their ids. */
function follow(url: string, lastEventId?: string) {
  const controller = new AbortController()
  const events: Event[] = []
  const waiters = new Set<() => void>()
  void (async () => {
    const res = await fetch(url, { headers: lastEventId ? { 'last-event-id': lastEventId } : {}, signal: controller.signal })
    const decoder = new TextDecoder()
    let buffer = ''
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true })
      let end: number
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const id = block.match(/^id: (.*)$/m)?.[1]
        const data = block.match(/^data: (.*)$/m)?.[1]
        if (id && data) events.push({ id, task: JSON.parse(data) as Task })
        for (const wake of waiters) wake()
      }
    }
  })().catch(() => undefined)
  return {
    events,
    close: () => controller.abort(),
    until(done: (events: Event[]) => boolean, timeoutMs = 30_000): Promise<Event[]> {
      return new Promise((resolveWait, fail) => {
        const timer = setTimeout(() => fail(new Error(`No such events in ${timeoutMs} ms: ${JSON.stringify(events.map((e) => [e.task.id, e.task.status, e.task.progress]))}`)), timeoutMs)
        const check = () => {
          if (!done(events)) return
          clearTimeout(timer)
          waiters.delete(check)
          resolveWait([...events])
        }
        waiters.add(check)
        check()
      })
    },
  }
}

/** A stream opened and left open: its status, and a way to close it. */
async function opened(url: string): Promise<{ status: number; close(): void }> {
  const controller = new AbortController()
  const res = await fetch(url, { signal: controller.signal })
  return { status: res.status, close: () => controller.abort() }
}
