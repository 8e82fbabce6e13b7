import { menuFor } from '../../schema/route-access'
import { rowToRecord } from '../db/records'
import { namedHandler, requireCaller, type NamedHandler } from './handler-context'
import { asSchemaDb } from '../db/connect'

/**
 * `POST /api/user/menu`: the console's menu for the caller, derived from navigation.json and
 * the resource files on the server, with the caller's profile flags applied (spec §4's
 * menuFromServer mode).
 */
const menu = namedHandler(['user/menu'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const account = ctx.services.registry.entities.get('user')!
    const row = await asSchemaDb(ctx.services.db).selectFrom(account.table).selectAll().where('id', '=', caller.id).executeTakeFirst()
    // As a record, so a flag never stored reads as its schema default.
    return menuFor(ctx.services.registry, caller.role, row ? rowToRecord(account, row) : {})
  },
})

export const navigationHandlers: Record<string, NamedHandler> = {
  'navigation.menu': menu,
}
