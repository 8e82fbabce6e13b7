import { assembleRegistry } from '../schema/registry-core'
import { SchemaError } from '../schema/SchemaError'
import type { ParsedSchemaFile, Registry } from '../schema/types'
import type { HttpClient } from './providers/http-client'

/**
 * The registry from the schema files the server runs on, so screens always match the
 * API behind them; with `endpoints`, of only what those endpoints need (the login page's).
 * Retries briefly: in `npm run dev` the API restarts when a schema file changes, at the
 * moment the page reloads.
 */
export async function loadRegistry(http: HttpClient, opts: { endpoints?: readonly string[]; attempts?: number } = {}): Promise<Registry> {
  const { endpoints, attempts = 20 } = opts
  for (let attempt = 1; ; attempt++) {
    try {
      // index.html asked for them before any script loaded; anything but a plain success is asked again, properly.
      const early = attempt === 1 && !endpoints ? await takeEarlySchemas() : undefined
      const query = endpoints ? { endpoints: endpoints.join(',') } : undefined
      const { files } = early ?? (await http.request<{ files: ParsedSchemaFile[] }>({ method: 'GET', path: '/platform/console_schemas', query }))
      // The server checked these very files against the meta-schemas at its start; assembling them needs no validator.
      const { registry, problems } = assembleRegistry(files)
      if (problems.length > 0) throw new SchemaError(problems)
      return registry
    } catch (error) {
      if (attempt >= attempts || !isServerRestarting(error)) throw error
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * attempt, 1000)))
    }
  }
}

declare global {
  interface Window {
    consoleSchemas?: Promise<{ code?: number; data?: { files?: ParsedSchemaFile[] } } | null>
  }
}

async function takeEarlySchemas(): Promise<{ files: ParsedSchemaFile[] } | undefined> {
  const early = window.consoleSchemas
  window.consoleSchemas = undefined
  const body = await early?.catch(() => null)
  return body?.code === 1 && Array.isArray(body.data?.files) ? { files: body.data.files } : undefined
}

/** No answer at all, or the dev proxy's 502 while the API process comes back. */
function isServerRestarting(error: unknown): boolean {
  const status = (error as { statusCode?: number }).statusCode
  return status === 0 || status === 502
}
