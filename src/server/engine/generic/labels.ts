import type { EntityDef, JsonSchema, Label } from '../../../schema/types'
import { enumValueLabel } from '../../../schema/enum-labels'
import type { RequestContext } from '../handler-context'

// Names of entities, fields and values in the caller's language, for messages.

export function fieldLabel(entity: EntityDef, field: string, ctx: RequestContext): string {
  const property = (entity.schema.properties as Record<string, { 'x-label'?: Label }>)[field]
  return property?.['x-label']?.[ctx.locale] ?? field
}

/** An enum value by its x-enum-labels name ("User agreement", not user_agreement), else as sent. */
export function valueLabel(entity: EntityDef, field: string, value: unknown, ctx: RequestContext): string {
  return enumValueLabel((entity.schema.properties as Record<string, JsonSchema>)[field], value, ctx.locale)
}

export function entityLabel(entity: EntityDef, ctx: RequestContext): string {
  return entity.label?.[ctx.locale] ?? entity.name
}
