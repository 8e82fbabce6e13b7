import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiveEvent } from '@refinedev/core'
import { createLiveProvider, type EventSourceLike, type LivePayload, type LiveRecord } from './liveProvider'

/** A stand-in for the browser's EventSource: the test opens, sends and breaks it. */
class FakeSource implements EventSourceLike {
  static made: FakeSource[] = []
  readyState = 0
  closed = false
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>()
  constructor(readonly url: string) {
    FakeSource.made.push(this)
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {
    this.closed = true
    this.readyState = 2
  }
  private fire(type: string, init: MessageEventInit = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, init))
  }
  opened() {
    this.readyState = 1
    this.fire('open')
  }
  send(record: LiveRecord, id: string) {
    this.fire('task', { data: JSON.stringify(record), lastEventId: id })
  }
  /** A dropped connection the browser retries (0), or an answer that was no stream (2). */
  broke(readyState: 0 | 2) {
    this.readyState = readyState
    this.fire('error')
  }
}

const latest = () => FakeSource.made.at(-1)!
const task = (id: number, progress: number, updated_at = `2026-03-15T08:00:${String(progress).padStart(2, '0')}.000Z`): LiveRecord => ({ id, progress, status: 'running', updated_at })

let polled: LiveRecord[]
let polls: number

function provider(overrides: Partial<Parameters<typeof createLiveProvider>[0]> = {}) {
  return createLiveProvider({
    streams: [
      {
        resource: 'task',
        event: 'task',
        url: (since) => `/api/v1/task/events?${since ? `since=${since}&` : ''}ticket=t`,
        poll: async () => {
          polls += 1
          return polled
        },
      },
    ],
    EventSource: FakeSource,
    batchMs: 500,
    reconnectMs: 2000,
    pollMs: 5000,
    retryStreamMs: 60_000,
    lingerMs: 10_000,
    ...overrides,
  })
}

/** What a subscriber heard, payloads only. */
function listen(live: ReturnType<typeof provider>, params: Record<string, unknown> = {}, channel = 'resources/task') {
  const heard: LivePayload[] = []
  const handle = live.subscribe({ channel, types: ['*'], params, callback: (event: LiveEvent) => heard.push(event.payload as LivePayload) })
  return { heard, handle }
}

beforeEach(() => {
  vi.useFakeTimers()
  FakeSource.made = []
  polled = []
  polls = 0
})
afterEach(() => vi.useRealTimers())

describe('the live provider over task/events', () => {
  it('opens one stream for every subscriber of the resource, none for other resources, and closes it a while after the last leaves', () => {
    const live = provider()
    const other = listen(live, {}, 'resources/work')
    expect(FakeSource.made).toHaveLength(0)
    const list = listen(live)
    const detail = listen(live, { id: 7 })
    expect(FakeSource.made).toHaveLength(1)
    expect(latest().url).toBe('/api/v1/task/events?ticket=t')
    live.unsubscribe(list.handle)
    live.unsubscribe(detail.handle)
    live.unsubscribe(other.handle)
    vi.advanceTimersByTime(9_000)
    expect(latest().closed).toBe(false)
    // Back within the while: the same stream serves the next page.
    const again = listen(live)
    vi.advanceTimersByTime(20_000)
    expect(FakeSource.made).toHaveLength(1)
    live.unsubscribe(again.handle)
    vi.advanceTimersByTime(10_000)
    expect(latest().closed).toBe(true)
  })

  it("hands each subscriber the records that changed, a detail page only its own, a burst as one event with each record's latest state", () => {
    const live = provider()
    const list = listen(live)
    const detail = listen(live, { id: 2 })
    latest().opened()
    vi.advanceTimersByTime(1000)
    list.heard.length = 0
    detail.heard.length = 0
    latest().send(task(1, 10), 'c1')
    expect(list.heard.map((p) => p.ids)).toEqual([[1]])
    expect(detail.heard).toEqual([])
    latest().send(task(2, 20), 'c2')
    latest().send(task(1, 30), 'c3')
    latest().send(task(2, 40), 'c4')
    expect(list.heard).toHaveLength(1)
    vi.advanceTimersByTime(500)
    expect(list.heard[1]!.records.map((r) => [r.id, r.progress])).toEqual([[2, 40], [1, 30]])
    expect(detail.heard.map((p) => p.records.map((r) => r.progress))).toEqual([[20], [40]])
  })

  it('asks subscribers to read afresh when the stream first opens without a cursor, and not when it resumes', () => {
    const live = provider()
    const list = listen(live)
    latest().opened()
    expect(list.heard).toEqual([{ ids: [], records: [], resync: true }])
    latest().send(task(1, 10), '2026-03-15T08:00:01.000Z|1')
    latest().broke(2)
    vi.advanceTimersByTime(2000)
    latest().opened()
    vi.advanceTimersByTime(1000)
    expect(list.heard.filter((p) => p.resync)).toHaveLength(1)
  })

  it('opens the stream again from the last event id after the server closed it', () => {
    const live = provider()
    listen(live)
    latest().opened()
    latest().send(task(1, 10), '2026-03-15T08:00:01.000Z|1')
    latest().broke(2)
    expect(FakeSource.made).toHaveLength(1)
    vi.advanceTimersByTime(2000)
    expect(FakeSource.made).toHaveLength(2)
    expect(latest().url).toBe('/api/v1/task/events?since=2026-03-15T08:00:01.000Z|1&ticket=t')
  })

  it('leaves a dropped connection to the browser, which reconnects with Last-Event-ID itself', () => {
    const live = provider()
    listen(live)
    latest().opened()
    latest().broke(0)
    vi.advanceTimersByTime(5000)
    expect(FakeSource.made).toHaveLength(1)
    expect(latest().closed).toBe(false)
  })

  it('polls the list after three failures in a row, announces what changed between polls, and goes back to the stream once it opens', async () => {
    const live = provider()
    const list = listen(live)
    polled = [task(1, 10), task(2, 20)]
    latest().broke(2)
    await vi.advanceTimersByTimeAsync(2000)
    latest().broke(2)
    await vi.advanceTimersByTimeAsync(2000)
    expect(polls).toBe(0)
    latest().broke(0)
    expect(latest().closed).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(polls).toBe(1)
    // The first poll announces everything: changes may have been missed while the stream failed.
    expect(list.heard.at(-1)!.ids).toEqual([1, 2])

    polled = [task(1, 10), task(2, 50)]
    await vi.advanceTimersByTimeAsync(5000)
    expect(polls).toBe(2)
    expect(list.heard.at(-1)!.records.map((r) => [r.id, r.progress])).toEqual([[2, 50]])
    await vi.advanceTimersByTimeAsync(5000)
    expect(list.heard).toHaveLength(2)

    // The stream is tried again a minute on; it opens, and polling stops.
    const streams = FakeSource.made.length
    await vi.advanceTimersByTimeAsync(60_000 - 10_000)
    expect(FakeSource.made).toHaveLength(streams + 1)
    latest().opened()
    const after = polls
    await vi.advanceTimersByTimeAsync(30_000)
    expect(polls).toBe(after)
  })

  it('polls at once where the browser has no EventSource', async () => {
    const saved = globalThis.EventSource
    // happy-dom may or may not provide one; the provider must not need it.
    ;(globalThis as { EventSource?: unknown }).EventSource = undefined
    try {
      const live = createLiveProvider({ streams: [{ resource: 'task', event: 'task', url: () => '', poll: async () => ((polls += 1), [task(3, 30)]) }], batchMs: 0 })
      const list = listen(live)
      await vi.advanceTimersByTimeAsync(0)
      expect(list.heard.at(-1)!.ids).toEqual([3])
    } finally {
      ;(globalThis as { EventSource?: unknown }).EventSource = saved
    }
  })

  it('asks for a fresh address at each connection when it comes as a promise (a one-use ticket), once however many subscribe meanwhile, and counts a refused ask as a failure', async () => {
    let asked = 0
    let refuse = false
    const live = provider({
      streams: [
        {
          resource: 'task',
          event: 'task',
          url: async (since) => {
            asked += 1
            if (refuse) throw new Error('ticket refused')
            return `/api/v1/task/events?${since ? `since=${since}&` : ''}ticket=t${asked}`
          },
          poll: async () => ((polls += 1), polled),
        },
      ],
    })
    const list = listen(live)
    listen(live, { id: 1 })
    await vi.advanceTimersByTimeAsync(0)
    expect(asked).toBe(1)
    expect(FakeSource.made.map((s) => s.url)).toEqual(['/api/v1/task/events?ticket=t1'])
    latest().opened()
    latest().send(task(1, 10), 'c1')

    // The server answers the browser's own reconnect with no stream (the ticket is spent): a new one is asked for.
    latest().broke(2)
    await vi.advanceTimersByTimeAsync(2000)
    expect(latest().url).toBe('/api/v1/task/events?since=c1&ticket=t2')

    // While no ticket can be had, a refusal counts towards polling as a broken stream does: the
    // stream that never opened was the second failure, the refused ask the third.
    refuse = true
    latest().broke(2)
    expect(polls).toBe(0)
    await vi.advanceTimersByTimeAsync(2000)
    expect(asked).toBe(3)
    expect(FakeSource.made).toHaveLength(2)
    expect(polls).toBe(1)
    expect(list.heard.length).toBeGreaterThan(0)
  })

  it('drops an address that comes after its subscribers left', async () => {
    let answer: (url: string) => void = () => undefined
    const live = provider({ lingerMs: 0, streams: [{ resource: 'task', event: 'task', url: () => new Promise<string>((resolve) => (answer = resolve)), poll: async () => [] }] })
    const list = listen(live)
    live.unsubscribe(list.handle)
    await vi.advanceTimersByTimeAsync(0)
    answer('/api/v1/task/events?ticket=late')
    await vi.advanceTimersByTimeAsync(0)
    expect(FakeSource.made).toEqual([])
  })
})
