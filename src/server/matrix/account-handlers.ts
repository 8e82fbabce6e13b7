import { asSchemaDb } from '../db/connect'
import { recordToRow } from '../db/records'
import { namedHandler, requireCaller } from '../engine/handler-context'
import { findVisible } from '../engine/generic/record-scope'
import { tableOf } from '../db/table-of'

/** An account on a platform without an open posting API: known by its name, posted by a person. */
const addAssistedAccount = namedHandler(['platform_account/add'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const { services, body } = ctx
    const entity = services.registry.entities.get('platform_account')!
    const now = services.now().toISOString()
    const row = await services.db
      .insertInto(tableOf(services, 'platform_account'))
      .values(recordToRow(entity, {
        owner_id: caller.id,
        platform: body.platform,
        nickname: body.nickname,
        remark: body.remark ?? '',
        status: 'assisted',
        avatar_url: '',
        open_id: '',
        access_token: '',
        refresh_token: '',
        scope: '',
        problem: '',
        created_at: now,
        updated_at: now,
      }) as never)
      .returning('id')
      .executeTakeFirstOrThrow()
    return findVisible(ctx, asSchemaDb(services.db), entity, row.id)
  },
})

export const accountHandlers = { 'matrix.addAssistedAccount': addAssistedAccount }
