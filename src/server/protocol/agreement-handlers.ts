import type { JsonSchema } from '../../schema/types'
import { enumValueLabel } from '../../schema/enum-labels'
import { AppError } from '../errors/AppError'
import { tableOf } from '../db/table-of'
import { sanitizeRichText } from '../content/rich-text'
import { namedHandler } from '../engine/handler-context'

/**
 * The published agreement of a kind, for anyone, signed in or not (the login page links
 * to it). The content was sanitised when it was saved; it is sanitised again here because
 * this is the one place it reaches people who have not signed in, and the rules may have
 * tightened since it was saved.
 */
const readPublished = namedHandler(['platform/agreement_public'], {
  async run(ctx) {
    const kind = ctx.query.kind
    const row = await ctx.services.db
      .selectFrom(tableOf(ctx.services, 'agreement'))
      .select(['kind', 'title', 'content', 'updated_at'])
      .where('kind', '=', kind)
      .where('published', '=', 1)
      .executeTakeFirst()
    if (!row) {
      const kindProperty = (ctx.services.registry.entities.get('agreement')!.schema.properties as Record<string, JsonSchema>).kind
      throw new AppError('AGREEMENT_NOT_PUBLISHED', { kind: enumValueLabel(kindProperty, kind, ctx.locale) })
    }
    return { kind: row.kind, title: row.title, content: sanitizeRichText(row.content), updated_at: row.updated_at }
  },
})

export const agreementHandlers = { 'agreement.readPublished': readPublished }
