import type { Registry, ResourceAction, ResourceDef, Role } from '../../schema/types'
import { routeAllows } from '../../schema/route-access'
import { endpointAllows } from '../providers/accessControlProvider'

/** The actions of a resource a role may take: an endpoint action if it may call the endpoint, and any action only if its roles allow. */
export function actionsFor(registry: Pick<Registry, 'endpoints'>, def: ResourceDef, role: Role | undefined): ResourceAction[] {
  if (!role) return []
  return def.actions.filter((action) => (!action.endpoint || endpointAllows(registry, action.endpoint, role)) && routeAllows(action.roles ?? ['*'], role))
}

/** Whether a row action applies to this row ("when"). */
export function appliesTo(action: ResourceAction, record: Record<string, unknown>): boolean {
  return Object.entries(action.when ?? {}).every(([field, value]) => record[field] === value)
}

/** A link action's address for a row: {field} becomes the row's value, URL-encoded. */
export function fillLink(template: string, record: Record<string, unknown>): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (_, field: string) => encodeURIComponent(String(record[field] ?? '')))
}

/** The form fields of an endpoint action: those it names, else every body field but the row's id. */
export function actionFields(registry: Pick<Registry, 'endpoints'>, action: ResourceAction): string[] {
  const body = Object.keys((registry.endpoints.get(action.endpoint!)?.request.body?.properties as object | undefined) ?? {})
  return action.fields ?? body.filter((name) => !(action.on === 'row' && name === action.rowId))
}
