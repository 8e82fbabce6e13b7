import { asSchemaDb } from '../db/connect'
import { namedHandler } from '../engine/handler-context'
import { ofEndpoint } from '../engine/generic/record-scope'

/** Groups answered: the twenty with the most views. */
const GROUPS = 20

/** What each grouping names its groups by: the related record's title. */
const TITLES = { plan_id: ['release_plan', 'name'], account_id: ['platform_account', 'nickname'], work_id: ['work', 'title'] } as const

/** The posts in reach added up per plan, account or work, for the video data chart. */
const postStats = namedHandler(['release_post/stats'], {
  async run(ctx) {
    const { services, query } = ctx
    const entity = services.registry.entities.get('release_post')!
    const db = asSchemaDb(services.db)
    const by = query.group_by ?? 'plan_id'
    const t = entity.table
    let rows = ofEndpoint(ctx, db.selectFrom(t), entity)
      .select((eb) => [
        eb.ref(`${t}.${by}`).as('id'),
        eb.fn.countAll<number>().as('posts'),
        eb.fn.coalesce(eb.fn.sum<number>(`${t}.views`), eb.lit(0)).as('views'),
        eb.fn.coalesce(eb.fn.sum<number>(`${t}.likes`), eb.lit(0)).as('likes'),
        eb.fn.coalesce(eb.fn.sum<number>(`${t}.comments`), eb.lit(0)).as('comments'),
        eb.fn.coalesce(eb.fn.sum<number>(`${t}.shares`), eb.lit(0)).as('shares'),
      ])
      .where(`${t}.status`, '!=', 'cancelled')
    for (const filter of ['plan_id', 'account_id', 'work_id'] as const) {
      if (query[filter] !== undefined) rows = rows.where(`${t}.${filter}`, '=', query[filter])
    }
    const groups = await rows.groupBy(`${t}.${by}`).orderBy('views', 'desc').orderBy('id', 'desc').limit(GROUPS).execute()
    const [related, field] = TITLES[by]
    const relatedTable = services.registry.entities.get(related)!.table
    const ids = groups.map((g) => Number(g.id))
    // The groups are the caller's own posts, so their plans, accounts and works are in reach too.
    const titles = ids.length === 0 ? [] : await db.selectFrom(relatedTable).select(['id', field]).where('id', 'in', ids).execute()
    const titleOf = new Map(titles.map((row) => [Number(row.id), String(row[field])]))
    return {
      groups: groups.map((g) => ({
        id: Number(g.id),
        title: titleOf.get(Number(g.id)) ?? `#${String(g.id)}`,
        posts: g.posts,
        views: g.views,
        likes: g.likes,
        comments: g.comments,
        shares: g.shares,
      })),
    }
  },
})

export const postStatsHandlers = { 'matrix.postStats': postStats }
