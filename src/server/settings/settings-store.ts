import type { ValidateFunction } from 'ajv'
import { createAjv } from '../../schema/ajv'
import { configDefaults, secretFields } from '../../schema/config-groups'
import type { ConfigGroupDef, Locale } from '../../schema/types'
import { toFieldErrors } from '../../schema/validation-messages'
import { validationError } from '../errors/AppError'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import type { Db } from '../db/connect'

/**
 * The settings of schemas/config/: a setting nobody changed has no row and reads as
 * its default; a change is one row per setting, so a second server sees it at once.
 */
export async function readGroup(services: Services, group: ConfigGroupDef, db: Db = services.db): Promise<Record<string, unknown>> {
  const rows = await db
    .selectFrom(tableOf(services, 'config_value'))
    .select(['name', 'value'])
    .where('group_name', '=', group.name)
    .execute()
  const values = configDefaults(group)
  for (const row of rows as { name: string; value: string }[]) {
    // A setting removed from the file keeps its row but is no longer read.
    if (row.name in values) values[row.name] = JSON.parse(row.value)
  }
  return values
}

/** The values without their secrets, and which secrets are set: what an admin's screen may show. */
export function withoutSecrets(group: ConfigGroupDef, values: Record<string, unknown>): { values: Record<string, unknown>; secrets_set: string[] } {
  const secrets = secretFields(group)
  const visible = Object.fromEntries(Object.entries(values).filter(([name]) => !secrets.includes(name)))
  return { values: visible, secrets_set: secrets.filter((name) => values[name] !== '' && values[name] !== undefined) }
}

const validators = new WeakMap<ConfigGroupDef, ValidateFunction>()

/**
 * Validate and store the given settings of a group; settings not given keep their
 * value, and an empty secret means "keep the current one" (it is never shown to be edited).
 */
export async function writeGroup(services: Services, group: ConfigGroupDef, given: Record<string, unknown>, by: number, locale: Locale): Promise<void> {
  const secrets = secretFields(group)
  const changes = Object.fromEntries(Object.entries(given).filter(([name, value]) => !(secrets.includes(name) && value === '')))
  let validate = validators.get(group)
  if (!validate) {
    validate = createAjv({ verbose: true, validateSchema: false }).compile(group.schema)
    validators.set(group, validate)
  }
  if (!validate(changes)) {
    throw validationError(toFieldErrors(validate.errors ?? [], locale).map((e) => ({ ...e, path: `/values${e.path}` })))
  }
  const table = tableOf(services, 'config_value')
  const now = services.now().toISOString()
  await services.db.transaction().execute(async (trx) => {
    for (const [name, value] of Object.entries(changes)) {
      const row = { group_name: group.name, name, value: JSON.stringify(value), updated_by: by, updated_at: now }
      await trx
        .insertInto(table)
        .values({ ...row, created_at: now })
        .onConflict((c) => c.column('name').doUpdateSet(row))
        .execute()
    }
  })
}
