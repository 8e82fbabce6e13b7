import { defineConfig } from 'vitest/config'

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
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.spec.ts', 'scripts/**/*.spec.ts'] } },
      apiSuite('sqlite'),
      ...(process.env.DATABASE_URL ? [apiSuite('postgres')] : []),
    ],
  },
})
