import { asSchemaDb } from '../db/connect'
import { AppError } from '../errors/AppError'
import { namedHandler, requireCaller, type RequestContext } from '../engine/handler-context'
import { findVisible, notFound } from '../engine/generic/record-scope'
import { chatProvider } from '../providers/active'
import { ChatFailure } from '../providers/chat/chat-failure'
import type { ChatAnswer, ChatProvider, ChatUsage } from '../providers/chat/chat-provider'
import { failureReason } from '../tasks/failure-reason'
import { TaskFailure } from '../errors/task-failure'
import { tableOf } from '../db/table-of'
import { logAiCall, type AiCall } from './call-log'
import { imitateTitleMessages, titlesIn } from './titles'
import { openEventStream } from './event-stream'
import { accountKey, limitedBy, unsignedSkipped } from '../rate-limit/limited-by'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../services'

/** The assistants the caller's role may use, and whether anyone can answer them now. */
const assistants = namedHandler(['ai/assistants'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const { services, locale } = ctx
    const rows = await services.db.selectFrom(tableOf(services, 'ai_assistant')).select(['id', 'name', 'description', 'roles']).orderBy('name').execute()
    const usable = rows.filter((row) => mayUse(caller.role, row.roles))
    const writer = await chatProvider(services)
    return {
      writer_ready: 'provider' in writer,
      problem: 'notConfigured' in writer ? writer.notConfigured[locale] : null,
      assistants: usable.map((row) => ({ id: row.id, name: row.name, description: (row.description ?? '') })),
    }
  },
})

/**
 * A conversation with an assistant, answered as Server-Sent Events while the writer writes.
 * Refusals come before the stream opens, as ordinary errors; a failure once it is open is a
 * "failed" event, as the status line is gone by then.
 */
const chat = namedHandler(['ai/chat'], {
  preHandlers: writerLimit,
  async run(ctx) {
    const caller = requireCaller(ctx)
    const { services, body, locale } = ctx
    const entity = services.registry.entities.get('ai_assistant')!
    const assistant = await findVisible(ctx, asSchemaDb(services.db), entity, body.assistant_id, '/assistant_id')
    // An assistant the role may not use is answered as a missing one.
    if (!mayUse(caller.role, assistant.roles)) throw notFound(ctx, entity, body.assistant_id, '/assistant_id')
    const writer = await readyWriter(ctx)
    const model = String(assistant.model ?? '') || writer.model
    const call: Omit<AiCall, 'status' | 'usage'> = { ownerId: caller.id, purpose: 'chat', assistantId: body.assistant_id, model, startedAt: Date.now() }
    const stream = openEventStream(ctx)
    let lastKeptAlive = 0
    let ended: AiCall
    try {
      const answer = await writer.chat({
        messages: [{ role: 'system', content: String(assistant.system_prompt) }, ...body.messages],
        model,
        temperature: Number(assistant.temperature),
        signal: stream.left,
        onText: (text) => stream.send('text', { text }),
        // Minutes of thinking send nothing the person reads; a comment now and then keeps proxies from closing the stream.
        onThinking: () => {
          if (Date.now() - lastKeptAlive < KEEP_ALIVE_MS) return
          lastKeptAlive = Date.now()
          stream.keepAlive()
        },
      })
      stream.send('done', { model: answer.model, prompt_tokens: answer.usage?.promptTokens ?? null, completion_tokens: answer.usage?.completionTokens ?? null, finish: answer.finish })
      ended = { ...call, model: answer.model, usage: answer.usage, status: 'succeeded' }
    } catch (error) {
      if (stream.left.aborted) ended = { ...call, usage: null, status: 'stopped' }
      else {
        const reason = failureReason(error)
        if (!(error instanceof TaskFailure)) ctx.request.log.error({ err: error }, 'AI chat failed')
        stream.send('failed', { message: reason[locale] })
        ended = { ...call, usage: usageOf(error), status: 'failed', error: reason }
      }
    } finally {
      stream.end()
    }
    // Written once the answer has gone: the stream has no status line left to fail on.
    await logAiCall(services, ended).catch((error: unknown) => ctx.request.log.error({ err: error }, 'AI call not logged'))
    return ctx.reply
  },
})

/** How often a model's thinking sends a comment down the stream: well inside nginx's 60 s proxy_read_timeout. */
const KEEP_ALIVE_MS = 15_000

/** New titles in the style of one that did well: release plans and the wizard ask for them. */
const imitateTitle = namedHandler(['matrix/ai_imitate_title'], {
  preHandlers: writerLimit,
  async run(ctx) {
    const caller = requireCaller(ctx)
    const { services, body } = ctx
    const writer = await readyWriter(ctx)
    const call: Omit<AiCall, 'status' | 'usage'> = { ownerId: caller.id, purpose: 'imitate_title', assistantId: null, model: writer.model, startedAt: Date.now() }
    const left = new AbortController()
    ctx.reply.raw.on('close', () => {
      if (!ctx.reply.raw.writableFinished) left.abort()
    })
    let answer: ChatAnswer
    try {
      answer = await writer.chat({ messages: imitateTitleMessages(body.title.trim(), body.topic?.trim() ?? '', body.count ?? 5), temperature: 0.9, signal: left.signal })
    } catch (error) {
      const reason = failureReason(error)
      await logAiCall(services, { ...call, usage: usageOf(error), status: left.signal.aborted ? 'stopped' : 'failed', ...(left.signal.aborted ? {} : { error: reason }) })
      throw new AppError('AI_FAILED', { reason: reason[ctx.locale] })
    }
    await logAiCall(services, { ...call, model: answer.model, usage: answer.usage, status: 'succeeded' })
    const titles = titlesIn(answer.text, body.count ?? 5, body.title)
    if (titles.length === 0) throw new AppError('AI_NO_TITLES')
    return { titles, model: answer.model, prompt_tokens: answer.usage?.promptTokens ?? null, completion_tokens: answer.usage?.completionTokens ?? null }
  },
})

/** The tokens a failed call still cost, where the vendor counted them before it failed (a model that thought to its limit). */
function usageOf(error: unknown): ChatUsage | null {
  return error instanceof ChatFailure ? error.usage : null
}

/** Each call to the writer costs the platform tokens: an account's calls, chat and titles together, are counted per minute. */
function writerLimit(app: FastifyInstance, services: Services) {
  const { perAccount, windowMs } = services.config.aiRateLimit
  return [limitedBy([app.createRateLimit({ max: perAccount, timeWindow: windowMs, keyGenerator: accountKey('ai-account'), allowList: unsignedSkipped })])]
}

/** The AI writer, or the plain reason there is none (nothing is written in its place). */
async function readyWriter(ctx: RequestContext): Promise<ChatProvider> {
  const writer = await chatProvider(ctx.services)
  if ('notConfigured' in writer) throw new AppError('PROVIDER_NOT_CONFIGURED', { reason: writer.notConfigured[ctx.locale] })
  return writer.provider
}

/** Administrators may use every assistant; others those open to their role. */
function mayUse(role: string, roles: unknown): boolean {
  return role === 'admin' || rolesOf(roles).includes(role)
}

function rolesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String)
  try {
    const parsed: unknown = JSON.parse(String(value ?? '[]'))
    return Array.isArray(parsed) ? parsed.map(String) : []
  } catch {
    return []
  }
}

export const aiHandlers = {
  'ai.assistants': assistants,
  'ai.chat': chat,
  'ai.imitateTitle': imitateTitle,
}
