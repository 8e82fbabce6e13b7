import type { EntityDef, TaskKindDef } from '../../schema/types'
import { relationsIn } from '../../schema/relations-in'
import { entitiesUsedByTasks } from '../../schema/task-kinds'
import { fieldError } from '../errors/AppError'
import type { Db } from '../db/connect'
import { asSchemaDb } from '../db/connect'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import { namedHandler, type RequestContext } from '../engine/handler-context'
import { findVisible, listIds, ofEndpoint } from '../engine/generic/record-scope'
import { entityLabel } from '../engine/generic/labels'

const UNENDED = ['queued', 'running'] as const
const SHOWN = 20

/** Note, with the task, each record its input names: what it uses while it runs, and what made a work. */
export async function recordUses(trx: Db, services: Services, taskId: number, kind: TaskKindDef, input: unknown): Promise<void> {
  const now = services.now().toISOString()
  // A material named in two slots is used once.
  const named = new Map(relationsIn(kind.input, input).map(({ entity, id }) => [`${entity}:${id}`, { entity, id }]))
  const rows = [...named.values()].map(({ entity, id }) => ({ task_id: taskId, entity, record_id: id, created_at: now, updated_at: now }))
  if (rows.length > 0) await trx.insertInto(tableOf(services, 'task_use')).values(rows).execute()
}

export async function forgetUses(trx: Db, services: Services, taskIds: number[]): Promise<void> {
  if (taskIds.length > 0) await trx.deleteFrom(tableOf(services, 'task_use')).where('task_id', 'in', taskIds).execute()
}

/**
 * Records an unended task uses cannot go: its worker would find them gone halfway. The
 * refusal names the tasks, so the person knows what to wait for or cancel.
 */
export async function assertNotInUse(ctx: RequestContext, trx: Db, entity: EntityDef, ids: number[]): Promise<void> {
  const { services } = ctx
  if (!entitiesUsedByTasks(services.registry.tasks).has(entity.name)) return
  const busy = await usesOf(trx, services, entity.name, ids).where(`${tableOf(services, 'task')}.status`, 'in', [...UNENDED]).execute()
  if (busy.length === 0) return
  const records = [...new Set(busy.map((row) => row.record_id))]
  const tasks = [...new Set(busy.map((row) => row.id))]
  throw fieldError('RECORD_IN_USE', '/ids', ctx.locale, { entity: entityLabel(entity, ctx), ids: listIds(records), tasks: listIds(tasks) })
}

function usesOf(db: Db, services: Services, entity: string, ids: number[]) {
  const used = tableOf(services, 'task_use')
  const task = tableOf(services, 'task')
  return db
    .selectFrom(used)
    .innerJoin(task, `${task}.id`, `${used}.task_id`)
    .where(`${used}.entity`, '=', entity)
    .where(`${used}.record_id`, 'in', ids)
    .select([`${task}.id as id`, `${task}.kind as kind`, `${task}.title as title`, `${task}.status as status`, `${used}.record_id as record_id`])
}

/**
 * task/uses: what uses these records, asked before deleting them: the tasks in the caller's
 * reach that name them, newest first, and how many of those have not ended.
 */
const uses = namedHandler(['task/uses'], {
  async run(ctx) {
    const { services } = ctx
    const entity = services.registry.entities.get(ctx.body.entity)
    const none = { total: 0, active: 0, tasks: [] }
    if (!entity || !entitiesUsedByTasks(services.registry.tasks).has(entity.name)) return none
    const db = asSchemaDb(services.db)
    for (const id of ctx.body.ids) await findVisible(ctx, db, entity, id, '/ids')
    const task = services.registry.entities.get('task')!
    const rows = await ofEndpoint(ctx, usesOf(services.db, services, entity.name, ctx.body.ids), task).orderBy('id', 'desc').execute()
    return {
      total: rows.length,
      active: rows.filter((row) => (UNENDED as readonly string[]).includes(row.status)).length,
      tasks: rows.slice(0, SHOWN).map((row) => ({ id: row.id, kind: row.kind, title: row.title, status: row.status, record_id: row.record_id })),
    }
  },
})

export const taskUseHandlers = { 'tasks.uses': uses }
