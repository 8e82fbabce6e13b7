import { createServer } from 'node:http'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import type { AddressInfo } from 'node:net'
import { build } from 'vite'
import react from '@vitejs/plugin-react'
import { REPO_ROOT } from './paths'

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

/**
 * The floor page (tests/bench/floor), built for production and served on its own port, with
 * /api passed through to the product, so it shows the same rows from the same server.
 */
export async function startFloorPage(productUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  const outDir = mkdtempSync(join(tmpdir(), 'console-floor-'))
  await build({
    configFile: false,
    root: join(REPO_ROOT, 'tests/bench/floor'),
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  })
  const server = createServer(async (request, response) => {
    const path = (request.url ?? '/').split('?')[0]!
    if (path.startsWith('/api/')) {
      const upstream = await fetch(productUrl + request.url, { headers: { token: String(request.headers.token ?? ''), platform: 'pc' } })
      response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' })
      response.end(Buffer.from(await upstream.arrayBuffer()))
      return
    }
    const file = join(outDir, normalize(path === '/' || !extname(path) ? '/index.html' : path))
    try {
      const body = readFileSync(file)
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
      response.end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      await new Promise((resolve) => server.close(resolve))
      rmSync(outDir, { recursive: true, force: true })
    },
  }
}
