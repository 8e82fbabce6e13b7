import type { Registry } from '../../schema/types'
import type { HttpClient } from './http-client'
import type { LiveRecord, LiveStream } from './liveProvider'

/** The most records one poll reads: the newest, which are the ones still moving. */
const POLLED = 100

/**
 * The live streams of the schema files: a resource whose list is GROUP/list follows GROUP/events
 * when that endpoint exists (task/events beside task/list), its events named after the entity.
 * Without the stream, the list's first page is polled.
 */
export function liveStreams(registry: Pick<Registry, 'resources' | 'endpoints'>, http: HttpClient): LiveStream[] {
  const streams: LiveStream[] = []
  for (const resource of registry.resources.values()) {
    const list = resource.endpoints.list ? registry.endpoints.get(resource.endpoints.list) : undefined
    const events = list ? registry.endpoints.get(list.id.replace(/\/list$/, '/events')) : undefined
    if (!list || !events || events.id === list.id || events.method !== 'GET') continue
    streams.push({
      resource: resource.name,
      event: resource.entity,
      url: (since) => http.downloadUrl(events.path, { since }),
      poll: async () => (await http.request<{ data: LiveRecord[] }>({ method: 'GET', path: list.path, query: { page: 1, limit: POLLED }, quiet: true })).data,
    })
  }
  return streams
}
