/**
 * npm run dev — the fast loop. Vite serves the console with hot reload on PORT (3000);
 * the API runs on API_PORT (PORT + 1) under `tsx watch`, restarting when server code or a
 * schema file changes. An edited schema file reloads the open page as soon as the API
 * serves the new version, so a label changed in schemas/ shows without restarting anything.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { createServer, type Plugin } from 'vite'
import { consoleSchemaFile } from '../src/schema/console-document'

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'
const apiPort = Number(process.env.API_PORT ?? port + 1)
const schemasDir = resolve(process.env.SCHEMAS_DIR ?? 'schemas')
process.env.API_PORT = String(apiPort)

const api = spawn(process.execPath, ['--import', 'tsx', resolve('node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', '--include', `${schemasDir}/**/*.json`, 'src/server/main.ts'], {
  env: { ...process.env, PORT: String(apiPort), HOST: '127.0.0.1', SCHEMAS_DIR: schemasDir },
  stdio: 'inherit',
})

/** Reload the page after an edited schema file is what the restarted API serves. */
function schemaReload(): Plugin {
  return {
    name: 'console-schema-reload',
    configureServer(server) {
      server.watcher.add(schemasDir)
      server.watcher.on('change', (file) => {
        if (!file.startsWith(schemasDir) || !file.endsWith('.json')) return
        const path = relative(schemasDir, file).split('\\').join('/')
        void waitForApiToServe(path, readFileSync(file, 'utf8')).then(() => server.ws.send({ type: 'full-reload' }))
      })
    },
  }
}

async function waitForApiToServe(path: string, text: string, timeoutMs = 30_000): Promise<void> {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(`http://127.0.0.1:${apiPort}/api/v1/platform/console_schemas`)
      const body = (await response.json()) as { data?: { files?: { path: string; json: unknown }[] } }
      // The API serves the files parsed, as the console reads them: the edit is in once it serves what the file now gives.
      const served = consoleSchemaFile({ path, json: JSON.parse(text) })
      if (!served || body.data?.files?.some((f) => f.path === path && JSON.stringify(f.json) === JSON.stringify(served.json))) return
    } catch {
      // the API is restarting
    }
    await new Promise((r) => setTimeout(r, 150))
  }
}

const vite = await createServer({ server: { port, host, strictPort: true }, plugins: [schemaReload()] })
await vite.listen()
console.log(`\nConsole dev server on http://${host}:${port} (API on 127.0.0.1:${apiPort}, schemas from ${schemasDir})`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    api.kill('SIGTERM')
    void vite.close().then(() => process.exit(0))
  })
}
