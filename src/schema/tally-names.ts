import type { EntityDef } from './types'

/** The table of an entity's x-tally counts (server/db/tally.ts keeps it). */
export function tallyTable(entity: Pick<EntityDef, 'table'>): string {
  return `${entity.table}_tally`
}

/** The tally's key: the owner, then the tallied fields. */
export function tallyKey(entity: Pick<EntityDef, 'owner' | 'tally'>): string[] {
  return [entity.owner!, ...entity.tally!]
}
