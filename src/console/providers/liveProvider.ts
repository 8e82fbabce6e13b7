import type { BaseKey, LiveEvent, LiveProvider } from '@refinedev/core'

/** A record a stream carries: what its detail call answers. */
export interface LiveRecord {
  id: BaseKey
  updated_at?: string
  [field: string]: unknown
}

/**
 * One stream of changes to a resource's records (task/events): Server-Sent Events whose data is
 * the record as it now stands and whose id is a cursor the server resumes from.
 */
export interface LiveStream {
  /** The Refine resource whose subscribers (`resources/NAME`) hear the stream. */
  resource: string
  /** The name of the stream's events (`event: task`). */
  event: string
  /**
   * The stream's address resuming after `since`, signed in by the link itself (EventSource cannot
   * send headers): asked for at each connection, since a link's ticket opens it once.
   */
  url(since: string | undefined): string | Promise<string>
  /** The records as they stand, read instead while the stream cannot be had. */
  poll(): Promise<LiveRecord[]>
}

/** The parts of the browser's EventSource the provider uses, so a test can stand in for it. */
export interface EventSourceLike {
  readonly readyState: number
  addEventListener(type: string, listener: (event: MessageEvent) => void): void
  close(): void
}

export interface LiveProviderOptions {
  streams: readonly LiveStream[]
  EventSource?: new (url: string) => EventSourceLike
  /** Failures in a row, the stream never opening between them, after which polling takes over. */
  failuresBeforePolling?: number
  /** How long a stream the server closed waits before it is opened again. */
  reconnectMs?: number
  /** How often records are read while polling. */
  pollMs?: number
  /** While polling, how long before the stream is tried again. */
  retryStreamMs?: number
  /** A subscriber hears at most one event in this time, carrying every record that changed in it. */
  batchMs?: number
  /** How long a stream stays open after its last subscriber left: moving to the next page keeps it. */
  lingerMs?: number
}

/**
 * What a subscriber hears: the records that changed, each as it now stands. `resync` says changes
 * may have been missed (the stream opened without a cursor): read afresh rather than patch.
 */
export interface LivePayload {
  ids: BaseKey[]
  records: LiveRecord[]
  resync?: boolean
}

const CLOSED = 2
const CHANNEL = /^resources\/(.+)$/

interface Subscriber {
  channel: string
  types: string[]
  /** A detail page hears only its own record. */
  ids?: Set<string>
  callback: (event: LiveEvent) => void
  pending: Map<string, LiveRecord>
  resync: boolean
  timer?: ReturnType<typeof setTimeout>
  lastAt: number
}

/**
 * Refine's liveProvider over Server-Sent Events. Each stream opens with its first subscriber and
 * closes a while after its last; a stream the server closes is opened again from the last event
 * id it sent, so nothing is missed. When it fails again and again (a proxy that buffers, a
 * server that refuses it), records are polled instead, and the stream is tried now and then.
 *
 * ```tsx
 * const liveProvider = createLiveProvider({ streams: [{ resource: 'task', event: 'task', url: (since) => http.downloadUrl('/task/events', { since }), poll }] })
 * <Refine liveProvider={liveProvider} options={{ liveMode: 'auto' }} ... />
 * ```
 */
export function createLiveProvider(options: LiveProviderOptions): LiveProvider {
  const followers = new Map(options.streams.map((stream) => [stream.resource, follower(stream, options)]))
  return {
    subscribe({ channel, types, callback, params }) {
      const resource = CHANNEL.exec(channel)?.[1]
      const follow = resource ? followers.get(resource) : undefined
      // A resource with no stream has nothing to say; its pages read as they always do.
      if (!follow) return { channel }
      const ids = params?.ids ?? (params?.id !== undefined ? [params.id] : undefined)
      const subscriber: Subscriber = { channel, types, callback, pending: new Map(), resync: false, lastAt: 0, ...(ids ? { ids: new Set(ids.map(String)) } : {}) }
      follow.add(subscriber)
      return { channel, subscriber, follow }
    },
    unsubscribe(handle: { subscriber?: Subscriber; follow?: Follower }) {
      if (handle?.subscriber) handle.follow?.remove(handle.subscriber)
    },
  }
}

interface Follower {
  add(subscriber: Subscriber): void
  remove(subscriber: Subscriber): void
}

function follower(stream: LiveStream, options: LiveProviderOptions): Follower {
  const Source = options.EventSource ?? (globalThis.EventSource as (new (url: string) => EventSourceLike) | undefined)
  const failuresBeforePolling = options.failuresBeforePolling ?? 3
  const reconnectMs = options.reconnectMs ?? 2000
  const pollMs = options.pollMs ?? 5000
  const retryStreamMs = options.retryStreamMs ?? 60_000
  const batchMs = options.batchMs ?? 500
  const lingerMs = options.lingerMs ?? 10_000

  const subscribers = new Set<Subscriber>()
  /** Each record's updated_at as last announced, so polling announces only what changed. */
  const seen = new Map<string, string | undefined>()
  let source: EventSourceLike | undefined
  let lastEventId: string | undefined
  let failures = 0
  let reopenTimer: ReturnType<typeof setTimeout> | undefined
  let pollTimer: ReturnType<typeof setTimeout> | undefined
  let lingerTimer: ReturnType<typeof setTimeout> | undefined
  let polling = false
  /** Counts addresses asked for: an answer that comes after a newer ask, a connection or a stop is dropped. */
  let asking = 0
  /** An address has been asked for and not yet come. */
  let waiting = false

  const announce = (records: LiveRecord[], resync = false) => {
    for (const record of records) seen.set(String(record.id), record.updated_at)
    for (const subscriber of subscribers) {
      if (!subscriber.types.includes('*') && !subscriber.types.includes('updated')) continue
      const mine = subscriber.ids ? records.filter((r) => subscriber.ids!.has(String(r.id))) : records
      if (mine.length === 0 && !resync) continue
      for (const record of mine) subscriber.pending.set(String(record.id), record)
      subscriber.resync ||= resync
      schedule(subscriber)
    }
  }

  // A burst of progress events costs a list one read (liveMode "auto" reads the list again for
  // each event it hears), and the last event of the burst still arrives after the read it follows.
  const schedule = (subscriber: Subscriber) => {
    if (subscriber.timer) return
    const wait = Math.max(0, subscriber.lastAt + batchMs - Date.now())
    if (wait === 0) flush(subscriber)
    else subscriber.timer = setTimeout(() => flush(subscriber), wait)
  }

  const flush = (subscriber: Subscriber) => {
    subscriber.timer = undefined
    if (!subscribers.has(subscriber)) return
    const records = [...subscriber.pending.values()]
    const payload: LivePayload = { ids: records.map((r) => r.id), records, ...(subscriber.resync ? { resync: true } : {}) }
    subscriber.pending.clear()
    subscriber.resync = false
    subscriber.lastAt = Date.now()
    subscriber.callback({ channel: subscriber.channel, type: 'updated', payload, date: new Date() })
  }

  const open = () => {
    clearTimeout(reopenTimer)
    reopenTimer = undefined
    if (!Source) return startPolling()
    const resumed = lastEventId !== undefined
    const url = stream.url(lastEventId)
    if (typeof url === 'string') return connect(url, resumed)
    const asked = ++asking
    waiting = true
    url.then(
      (address) => {
        if (asked !== asking) return
        waiting = false
        connect(address, resumed)
      },
      () => {
        if (asked !== asking) return
        waiting = false
        failed(undefined)
      },
    )
  }

  const connect = (url: string, resumed: boolean) => {
    const current = new Source!(url)
    source = current
    current.addEventListener('open', () => {
      if (source !== current) return
      failures = 0
      stopPolling()
      // Opened without a cursor, the stream starts at the server's now: a change made between a
      // page's first read and this moment would never be sent.
      if (!resumed) announce([], true)
    })
    current.addEventListener(stream.event, (event) => {
      if (source !== current) return
      if (event.lastEventId) lastEventId = event.lastEventId
      let record: LiveRecord
      try {
        record = JSON.parse(String(event.data)) as LiveRecord
      } catch {
        return
      }
      announce([record])
    })
    current.addEventListener('error', () => {
      if (source !== current) return
      failed(current)
    })
  }

  /** A stream that failed to open or broke; `current` is undefined when its address could not be had. */
  const failed = (current: EventSourceLike | undefined) => {
    failures += 1
    if (failures >= failuresBeforePolling) {
      current?.close()
      source = undefined
      startPolling()
      reopenTimer = setTimeout(() => {
        // One more failure goes straight back to polling.
        failures = failuresBeforePolling - 1
        open()
      }, retryStreamMs)
    } else if (!current || current.readyState === CLOSED) {
      // The browser reconnects by itself (with Last-Event-ID) only after a dropped connection,
      // not after an answer that was no stream (a 401, a proxy's error page, a used ticket).
      source = undefined
      reopenTimer = setTimeout(open, reconnectMs)
    }
  }

  const startPolling = () => {
    if (polling) return
    polling = true
    const tick = async () => {
      try {
        const records = await stream.poll()
        if (!polling) return
        announce(records.filter((r) => !seen.has(String(r.id)) || seen.get(String(r.id)) !== r.updated_at))
      } catch {
        // A failed read is tried again at the next tick, as the stream is.
      }
      if (polling) pollTimer = setTimeout(() => void tick(), pollMs)
    }
    void tick()
  }

  const stopPolling = () => {
    polling = false
    clearTimeout(pollTimer)
    pollTimer = undefined
  }

  const stop = () => {
    asking += 1
    waiting = false
    source?.close()
    source = undefined
    clearTimeout(reopenTimer)
    reopenTimer = undefined
    stopPolling()
    failures = 0
  }

  return {
    add(subscriber) {
      subscribers.add(subscriber)
      clearTimeout(lingerTimer)
      lingerTimer = undefined
      if (!source && !reopenTimer && !polling && !waiting) open()
    },
    remove(subscriber) {
      subscribers.delete(subscriber)
      clearTimeout(subscriber.timer)
      if (subscribers.size === 0) {
        clearTimeout(lingerTimer)
        lingerTimer = setTimeout(stop, lingerMs)
      }
    },
  }
}
