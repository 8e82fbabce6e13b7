import type { Label } from '../../schema/types'
import { AppError } from '../errors/AppError'
import { asSchemaDb } from '../db/connect'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import { namedHandler, requireCaller, type NamedHandler, type RequestContext } from '../engine/handler-context'
import { findVisible, listIds, ofEndpoint } from '../engine/generic/record-scope'
import { withTitles } from '../engine/generic/relation-titles'
import { chargeOf, rateOf, reserve } from './cost'
import { checkSize, limitsOf, measured } from './limits'
import { insertTask, QUEUED } from './insert'
import { endedIn, releaseIn } from './runner'
import type { TaskHandlers } from './task-handler'
import { followRecords } from './events'
import { forgetUses } from './uses'


/**
 * Submit a task of the endpoint's kind: check it, create it with its cost reserved and its job
 * queued, all in one transaction, so a task exists exactly when it is paid for and queued.
 */
const submitTask = (handlers: TaskHandlers): NamedHandler => ({
  endpoints: [],
  async run(ctx) {
    const [id] = await createTasks(ctx, handlers, [ctx.body])
    return visibleTask(ctx, id!)
  },
})

/** Several tasks of the endpoint's kind (a template's rows): created, charged and queued together, or none. */
const submitBatch = (handlers: TaskHandlers): NamedHandler => ({
  endpoints: [],
  async run(ctx) {
    const ids = await createTasks(ctx, handlers, ctx.body.inputs as Record<string, unknown>[], (i) => `/inputs/${i}`)
    return { count: ids.length, ids }
  },
})

/** What a submission would make and cost, checked as the submit checks it, with nothing created or charged. */
const estimate = (handlers: TaskHandlers): NamedHandler => ({
  endpoints: [],
  async run(ctx) {
    const caller = requireCaller(ctx)
    const { services } = ctx
    const kind = services.registry.tasks.get(ctx.endpoint.task!)!
    const [rate, limits] = await Promise.all([rateOf(services, kind), limitsOf(services, kind)])
    // prepare only reads, so it needs no transaction of its own.
    const { size, notices = [] } = (await handlers[kind.handler]!.prepare?.({ services, kind, caller, input: ctx.body, locale: ctx.locale, trx: services.db })) ?? {}
    if (!size) throw new Error(`Task kind ${kind.name} has an estimate call, and its handler measured nothing.`)
    checkSize(limits, size, ctx.locale)
    const charge = chargeOf(kind, rate, ctx.body, size)
    return { size, limits, cost: charge && { ledger: charge.ledger, amount: charge.amount }, notices: notices.map((notice) => notice[ctx.locale]) }
  },
})

/** `at` says where input i sits in the body, so a refusal of one input of a batch names it. */
async function createTasks(ctx: RequestContext, handlers: TaskHandlers, inputs: Record<string, unknown>[], at: (i: number) => string = () => ''): Promise<number[]> {
  const caller = requireCaller(ctx)
  const { services } = ctx
  const kind = services.registry.tasks.get(ctx.endpoint.task!)!
  const handler = handlers[kind.handler]!
  // Read before the transaction: on SQLite it holds the only connection.
  const [rate, limits] = await Promise.all([rateOf(services, kind), limitsOf(services, kind)])
  const ids = await services.db.transaction().execute(async (trx) => {
    const created: number[] = []
    for (const [i, input] of inputs.entries()) {
      const { title, size } = (await handler.prepare?.({ services, kind, caller, input, locale: ctx.locale, trx }).catch((error: unknown) => {
        throw error instanceof AppError && error.fieldErrors && at(i) ? new AppError(error.code, error.params, error.fieldErrors.map((e) => ({ ...e, path: at(i) + e.path }))) : error
      })) ?? {}
      if (size) checkSize(limits, size, ctx.locale, at(i))
      const charge = chargeOf(kind, rate, input, size)
      const taskId = await insertTask(trx, services, { kind, ownerId: caller.id, chargedBy: caller.id, title: title ?? kind.label[ctx.locale], input, charge, size, reference: ctx.request.id })
      created.push(taskId)
    }
    return created
  })
  services.tasks.queue.wake()
  services.tasks.changed()
  return ids
}

/** Cancel: the status, the cost given back and the job's fate change together; a running worker stops at its next beat, or at once here. */
const cancel = (handlers: TaskHandlers) =>
  namedHandler(['task/cancel'], {
    async run(ctx) {
      const caller = requireCaller(ctx)
      const { services } = ctx
      const task = await findVisible(ctx, asSchemaDb(services.db), taskEntity(services), ctx.body.id)
      await services.db.transaction().execute(async (trx) => {
        const now = services.now().toISOString()
        const stopped = await trx
          .updateTable(tableOf(services, 'task'))
          .set({ status: 'cancelled', stage: '{}', error: JSON.stringify(cancelledBy(caller.username)), finished_at: now, lease_until: null, updated_at: now })
          .where('id', '=', ctx.body.id)
          .where('status', 'in', ['queued', 'running'])
          .executeTakeFirst()
        if (Number(stopped.numUpdatedRows) === 0) throw new AppError('TASK_NOT_ACTIVE', { id: String(task.id) })
        await releaseIn(trx, services, ctx.body.id, caller.id)
        await endedIn(trx, services, handlers, ctx.body.id, 'cancelled', cancelledBy(caller.username))
      })
      services.tasks.running.get(ctx.body.id)?.abort(new Error('Cancelled.'))
      services.tasks.changed()
      return visibleTask(ctx, ctx.body.id)
    },
  })

/** Retry: a new run of the same task, its cost reserved again under the run's own ledger key, its steps done anew (a vendor's failed job is not followed again). */
const retry = namedHandler(['task/retry'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const { services } = ctx
    const tasks = tableOf(services, 'task')
    const task = await findVisible(ctx, asSchemaDb(services.db), taskEntity(services), ctx.body.id)
    const kind = services.registry.tasks.get(String(task.kind))
    if (!kind || (task.status !== 'failed' && task.status !== 'cancelled')) throw new AppError('TASK_NOT_RETRYABLE', { id: String(task.id) })
    // Charged again by what it was measured to make; a task from before sizes were measured is submitted anew.
    const size = measured(task.size)
    if (kind.cost?.per === 'outputMinute' && !size) throw new AppError('TASK_SUBMIT_AGAIN', { id: String(task.id) })
    const charge = chargeOf(kind, await rateOf(services, kind), task.input as Record<string, unknown>, size)
    const ownerId = Number(task.owner_id)
    await services.db.transaction().execute(async (trx) => {
      const now = services.now().toISOString()
      const run = Number(task.runs) + 1
      const again = await trx
        .updateTable(tasks)
        .set({ status: 'queued', progress: 0, stage: JSON.stringify(QUEUED), error: '{}', result: '{}', steps: '{}', attempts: 0, runs: run, worker: '', lease_until: null, finished_at: null, cost_ledger: charge?.ledger ?? '', cost_amount: charge?.amount ?? 0, cost_state: charge ? 'reserved' : 'none', updated_at: now })
        .where('id', '=', ctx.body.id)
        .where('status', 'in', ['failed', 'cancelled'])
        .where('runs', '=', Number(task.runs))
        .executeTakeFirst()
      if (Number(again.numUpdatedRows) === 0) throw new AppError('TASK_NOT_RETRYABLE', { id: String(task.id) })
      if (charge) await reserve(trx, services, { id: ctx.body.id, title: String(task.title ?? ''), ownerId, ledger: charge.ledger, amount: charge.amount, run }, caller.id)
      await services.tasks.queue.enqueue(trx, ctx.body.id)
    })
    // Read before the queue is woken: a worker of this process may claim the task at once, and the answer is the retry's.
    const answer = await visibleTask(ctx, ctx.body.id)
    services.tasks.queue.wake()
    services.tasks.changed()
    return answer
  },
})

/** Delete ended tasks only, all or none: a queued or running one is named and nothing goes. */
const remove = namedHandler(['task/del'], {
  async run(ctx) {
    const { services } = ctx
    const entity = taskEntity(services)
    const ids = ctx.body.ids
    const deleted = await services.db.transaction().execute(async (typedTrx) => {
      const trx = asSchemaDb(typedTrx)
      const found = await ofEndpoint(ctx, trx.selectFrom(entity.table), entity).select([`${entity.table}.id as id`, `${entity.table}.status as status`]).where(`${entity.table}.id`, 'in', ids).execute()
      const missing = ids.filter((id) => !found.some((row) => Number(row.id) === id))
      if (missing.length > 0) throw new AppError('RECORD_NOT_FOUND_NO_DELETE', { entity: entity.label?.[ctx.locale] ?? entity.name, ids: listIds(missing) })
      const active = found.filter((row) => row.status === 'queued' || row.status === 'running')
      if (active.length > 0) throw new AppError('TASK_NOT_ENDED', { id: listIds(active.map((row) => Number(row.id))) })
      const gone = await trx.deleteFrom(entity.table).where('id', 'in', ids).where('status', 'in', ['succeeded', 'failed', 'cancelled']).executeTakeFirst()
      // A task that was retried between the read and the delete is still active: keep everything.
      if (Number(gone.numDeletedRows) !== ids.length) throw new AppError('TASK_NOT_ENDED', { id: listIds(ids) })
      await forgetUses(typedTrx, services, ids)
      return ids.length
    })
    services.tasks.changed()
    return { deleted }
  },
})

const events = namedHandler(['task/events', 'release_post/events'], {
  async run(ctx) {
    return followRecords(ctx, ctx.query.since)
  },
})

function taskEntity(services: Services) {
  return services.registry.entities.get('task')!
}

function cancelledBy(username: string): Label {
  return { 'zh-CN': `已由 ${username} 取消`, 'en-US': `Cancelled by ${username}` }
}

async function visibleTask(ctx: RequestContext, id: number): Promise<Record<string, unknown>> {
  const entity = taskEntity(ctx.services)
  const db = asSchemaDb(ctx.services.db)
  return (await withTitles(ctx, db, entity, [await findVisible(ctx, db, entity, id)]))[0]!
}

/** The task endpoints, given the kinds' handlers (src/server/task-handlers.ts): the task engine names no domain. */
export const taskEndpointHandlers = (handlers: TaskHandlers): Record<string, NamedHandler> => ({
  'task.submit': submitTask(handlers),
  'task.submitBatch': submitBatch(handlers),
  'task.estimate': estimate(handlers),
  'tasks.cancel': cancel(handlers),
  'tasks.retry': retry,
  'tasks.delete': remove,
  'tasks.events': events,
})
