import pg from 'pg'
import type { Cleanup } from './cleanup'

/**
 * A PostgreSQL database of a bench's own, `<prefix>_<pid>`, made on the server `databaseUrl`
 * names and dropped when the bench ends: no other database is touched. Answers its URL.
 */
export async function ownPostgresDatabase(databaseUrl: string, prefix: string, cleanup: Cleanup): Promise<string> {
  const name = `${prefix}_${process.pid}`
  await onServer(databaseUrl, `create database "${name}"`)
  cleanup.add(() => onServer(databaseUrl, `drop database if exists "${name}" with (force)`))
  const url = new URL(databaseUrl)
  url.pathname = `/${name}`
  return url.href
}

async function onServer(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}
