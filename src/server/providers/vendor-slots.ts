import { randomUUID } from 'node:crypto'
import type { Services } from '../services'
import { tableOf } from '../db/table-of'
import { pause } from './vendor-http'

/** A slot is free again this long after its holder last renewed it: a worker that died holds it no longer. */
const LEASE_MS = 60_000
/** How often a waiting call looks for a free slot. */
const WAIT_MS = 500

/**
 * `work` run while holding one of the `limit` slots of `vendor`, shared by every process on the
 * database (vendor_slot rows), so that a vendor which runs one call at a time (GPT-SoVITS's
 * api_v2, a HeyGem server) gets them one after another instead of all at once, each then timing
 * out behind the others. A call waits its turn; a cancel ends the wait at once.
 */
export async function withVendorSlot<T>(services: Services, vendor: string, limit: number, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const holder = randomUUID()
  let key: string | undefined
  while (!(key = await claim(services, vendor, Math.max(1, limit), holder))) await pause(WAIT_MS, signal)
  const renew = setInterval(() => void extend(services, key!, holder).catch(() => undefined), LEASE_MS / 3)
  try {
    return await work()
  } finally {
    clearInterval(renew)
    await services.db.deleteFrom(tableOf(services, 'vendor_slot')).where('slot_key', '=', key).where('holder', '=', holder).execute().catch(() => undefined)
  }
}

/** The key of a slot this call now holds: one never taken, or one whose lease ran out. */
async function claim(services: Services, vendor: string, limit: number, holder: string): Promise<string | undefined> {
  const table = tableOf(services, 'vendor_slot')
  const now = services.now()
  const expires = new Date(now.getTime() + LEASE_MS).toISOString()
  for (let slot = 0; slot < limit; slot++) {
    const key = `${vendor}#${slot}`
    const inserted = await services.db
      .insertInto(table)
      .values({ slot_key: key, holder, expires_at: expires, created_at: now.toISOString(), updated_at: now.toISOString() })
      .onConflict((oc) => oc.column('slot_key').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (inserted) return key
    // A holder that stopped renewing is gone: its slot is taken over, by one caller alone.
    const taken = await services.db
      .updateTable(table)
      .set({ holder, expires_at: expires, updated_at: now.toISOString() })
      .where('slot_key', '=', key)
      .where('expires_at', '<', now.toISOString())
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) === 1) return key
  }
  return undefined
}

async function extend(services: Services, key: string, holder: string): Promise<void> {
  const now = services.now()
  await services.db
    .updateTable(tableOf(services, 'vendor_slot'))
    .set({ expires_at: new Date(now.getTime() + LEASE_MS).toISOString(), updated_at: now.toISOString() })
    .where('slot_key', '=', key)
    .where('holder', '=', holder)
    .execute()
}
