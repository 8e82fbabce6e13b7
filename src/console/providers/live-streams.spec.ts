import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSchemaFiles } from '../../schema/load-files'
import { createRegistry } from '../../schema/registry'
import { createHttpClient } from './http-client'
import { createTokenStore } from './token-store'
import { liveStreams } from './live-streams'

describe('the live streams of the schema files', () => {
  const registry = createRegistry(readSchemaFiles(resolve(__dirname, '../../../schemas')))

  it('follow task/events for the task resource (and release_post/events for the posts), a fresh one-use ticket and the cursor in the address, and poll task/list quietly', async () => {
    const tokens = createTokenStore({ session: new Storage(), local: new Storage() })
    tokens.saveLogin('secret', false)
    const asked: string[] = []
    const failures: unknown[] = []
    const http = createHttpClient({
      tokens,
      locale: () => 'en-US',
      onError: (error) => failures.push(error),
      fetch: async (input) => {
        asked.push(String(input))
        const data = String(input).endsWith('/download_ticket') ? { ticket: `t${asked.length}`, expires_at: '2026-03-15T08:01:00.000Z' } : { total: 1, data: [{ id: 4, status: 'running' }] }
        return new Response(JSON.stringify({ code: 1, msg: 'ok', time: 0, data }), { headers: { 'content-type': 'application/json' } })
      },
    })
    const streams = liveStreams(registry, http)
    expect(streams.map((s) => [s.resource, s.event])).toEqual([['release_post', 'release_post'], ['task', 'task']])
    expect(await streams[0]!.url(undefined)).toBe('/api/v1/release_post/events?ticket=t1')
    streams.shift()
    expect(await streams[0]!.url(undefined)).toBe('/api/v1/task/events?ticket=t2')
    expect(await streams[0]!.url('2026-03-15T08:00:00.000Z|4')).toBe('/api/v1/task/events?since=2026-03-15T08%3A00%3A00.000Z%7C4&ticket=t3')
    expect(await streams[0]!.poll()).toEqual([{ id: 4, status: 'running' }])
    expect(asked).toEqual([...Array.from({ length: 3 }, () => '/api/v1/platform/download_ticket'), '/api/v1/task/list?page=1&limit=100'])
  })
})
