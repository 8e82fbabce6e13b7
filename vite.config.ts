import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { antdStaticCss } from './scripts/vite-antd-static-css.ts'

/** Where `npm run dev` finds the API (scripts/dev.ts starts it there). */
const apiPort = Number(process.env.API_PORT ?? 3001)

// The API suite runs once per database: always SQLite, and PostgreSQL too when DATABASE_URL is set (CI sets it).
const apiSuite = (database: 'sqlite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `api:${database}`,
    include: ['tests/api/**/*.spec.ts'],
    env: { TEST_DATABASE: database },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
})

export default defineConfig({
  plugins: [react(), antdStaticCss()],
  build: { outDir: 'dist/console', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  // The server build bundles Kysely: its ~200 small ES modules cost a fresh process more to load than one file.
  ssr: { noExternal: ['kysely'] },
  server: { proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.spec.ts', 'scripts/**/*.spec.ts'], exclude: ['src/console/**'] } },
      { extends: true, test: { name: 'console', include: ['src/console/**/*.spec.{ts,tsx}'], environment: 'happy-dom' } },
      {
        extends: true,
        test: { name: 'e2e', include: ['tests/e2e/**/*.spec.ts'], testTimeout: 60_000, hookTimeout: 90_000, fileParallelism: false },
      },
      apiSuite('sqlite'),
      ...(process.env.DATABASE_URL ? [apiSuite('postgres')] : []),
    ],
  },
})
