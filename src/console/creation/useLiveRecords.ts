import { useCallback, useState } from 'react'
import type { LiveEvent } from '@refinedev/core'
import type { LivePayload, LiveRecord } from '../providers/liveProvider'

/**
 * Records as the live stream last told them, laid over what a page read: a progress bar moves
 * with every event, without reading the list again (liveMode "manual"). A record the stream
 * says is newer replaces the one read; a read that is newer wins.
 *
 * ```tsx
 * const live = useLiveRecords<Task>()
 * const { result } = useList<Task>({ resource: 'task', liveMode: 'manual', onLiveEvent: live.onLiveEvent })
 * const rows = live.merge(result.data)
 * ```
 */
export function useLiveRecords<T extends Pick<LiveRecord, 'id' | 'updated_at'>>(onHeard?: (payload: LivePayload) => void) {
  const [overlay, setOverlay] = useState<ReadonlyMap<string, T>>(new Map())
  // Refine subscribes once, with the callback of the first render: it must stay valid as state changes.
  const onLiveEvent = useCallback(
    (event: LiveEvent) => {
      const payload = event.payload as LivePayload
      if (payload.records.length > 0) {
        setOverlay((before) => {
          const next = new Map(before)
          for (const record of payload.records as T[]) if (isNewer(record, next.get(String(record.id)))) next.set(String(record.id), record)
          return next
        })
      }
      onHeard?.(payload)
    },
    [],
  )
  const merge = useCallback(
    (rows: readonly T[]): T[] =>
      rows.map((row) => {
        const heard = overlay.get(String(row.id))
        // Titles of related records come with reads only.
        return heard && isNewer(heard, row) ? { ...row, ...heard } : row
      }),
    [overlay],
  )
  return { onLiveEvent, merge, overlay }
}

function isNewer(a: Pick<LiveRecord, 'updated_at'>, b: Pick<LiveRecord, 'updated_at'> | undefined): boolean {
  return !b || (a.updated_at ?? '') >= (b.updated_at ?? '')
}
