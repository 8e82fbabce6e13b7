import { AppError, fieldError } from '../errors/AppError'
import { tableOf } from '../db/table-of'
import { namedHandler } from '../engine/handler-context'
import { listIds } from '../engine/generic/record-scope'

/**
 * Delete packages no order points at, all or nothing. An order keeps its own copy of the
 * package's price and credits, but it still names the package, so a package with orders is
 * switched off sale instead. An id that names no package refuses the whole request, as the
 * generic delete does. On PostgreSQL the packages are locked first: an order being placed for
 * one of them either commits before (and is seen here) or waits and then finds the package gone.
 */
const remove = namedHandler(['recharge_package/del'], {
  async run(ctx) {
    const ids = [...new Set(ctx.body.ids)]
    const packages = tableOf(ctx.services, 'recharge_package')
    const orders = tableOf(ctx.services, 'recharge_order')
    const deleted = await ctx.services.db.transaction().execute(async (trx) => {
      let lock = trx.selectFrom(packages).select(['id', 'name']).where('id', 'in', ids)
      if (ctx.services.dialect === 'postgres') lock = lock.forUpdate()
      const found = await lock.execute()
      const missing = ids.filter((id) => !found.some((p) => p.id === id))
      if (missing.length) {
        const entity = ctx.services.registry.entities.get('recharge_package')!
        throw fieldError('RECORD_NOT_FOUND_NO_DELETE', '/ids', ctx.locale, { entity: entity.label?.[ctx.locale] ?? entity.name, ids: listIds(missing) })
      }
      const used = await trx.selectFrom(orders).select('package_id').where('package_id', 'in', ids).orderBy('package_id').executeTakeFirst()
      if (used) {
        const name = found.find((p) => p.id === used.package_id)?.name ?? used.package_id
        throw new AppError('PACKAGE_IN_USE', { name: String(name) })
      }
      const result = await trx.deleteFrom(packages).where('id', 'in', ids).executeTakeFirst()
      return Number(result.numDeletedRows)
    })
    return { deleted }
  },
})

export const rechargePackageHandlers = {
  'rechargePackages.delete': remove,
}
