import type { Registry, ResourceAction, ResourceDef, Role } from '../../schema/types'
import { routeAllows } from '../../schema/route-access'
import { endpointAllows } from '../providers/accessControlProvider'
import { speechSample } from '../forms/speech-sample'

/** The actions of a resource a role may take: an endpoint action if it may call the endpoint, and any action only if its roles allow. */
export function actionsFor(registry: Pick<Registry, 'endpoints'>, def: ResourceDef, role: Role | undefined): ResourceAction[] {
  if (!role) return []
  return def.actions.filter((action) => (!action.endpoint || endpointAllows(registry, action.endpoint, role)) && routeAllows(action.roles ?? ['*'], role))
}

/** In a condition, the signed-in account's id: { "holder_id": "$me" } is a row the caller holds. */
export const ME = '$me'

/** Whether a row action applies to this row ("when"), for the signed-in account `me`. */
export function appliesTo(action: ResourceAction, record: Record<string, unknown>, me?: unknown): boolean {
  return rowMatches(action.when, record, me)
}

/** Whether a row has every field value of a condition ("when", "deleteWhen"); no condition matches every row. */
export function rowMatches(when: Record<string, unknown> | undefined, record: Record<string, unknown>, me?: unknown): boolean {
  return Object.entries(when ?? {}).every(([field, value]) => (value === ME ? me !== undefined && record[field] === me : record[field] === value))
}

/** A link action's address for a row: {field} becomes the row's value, URL-encoded. */
export function fillLink(template: string, record: Record<string, unknown>): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (_, field: string) => encodeURIComponent(String(record[field] ?? '')))
}

/**
 * How a link action opens its new tab. One of the console's own pages opens with its opener, so
 * the browser copies this tab's session storage into it: a sign-in that was not remembered lives
 * there, and without it the new tab would open at the sign-in page (an overstep link needs the
 * signed-in account). Any other site gets no hold on this window.
 */
export function newTabRel(url: string): 'opener' | 'noopener' {
  return url.startsWith('/') && !url.startsWith('//') ? 'opener' : 'noopener'
}

/** The form fields of an endpoint action: those it names, else every body field but the row's id (a download: only those it names). */
export function actionFields(registry: Pick<Registry, 'endpoints'>, action: ResourceAction): string[] {
  const endpoint = registry.endpoints.get(action.endpoint!)
  if (endpoint?.download) return action.fields ?? []
  const body = Object.keys((endpoint?.request.body?.properties as object | undefined) ?? {})
  // An idempotent call's key is sent by the console, not asked of the person.
  return action.fields ?? body.filter((name) => name !== 'idempotency_key' && !(action.on === 'row' && name === action.rowId))
}

/** Whether an action's endpoint answers with a sound to hear (a voice trying a sentence): a row plays it where it was pressed. */
export function playsSound(registry: Pick<Registry, 'endpoints'>, action: ResourceAction): boolean {
  return !action.link && registry.endpoints.get(action.endpoint ?? '')?.plays === 'audio/mpeg'
}

/**
 * What a row's sound action asks for when pressed, with nothing typed: its fields' defaults, a
 * sentence to say in the record's own language (a voice's), else the page's, and the row's id.
 */
export function soundQuery(registry: Pick<Registry, 'endpoints'>, action: ResourceAction, record: Record<string, unknown>, locale: string): Record<string, unknown> {
  const properties = (registry.endpoints.get(action.endpoint!)?.request.query?.properties ?? {}) as Record<string, { default?: unknown }>
  const query: Record<string, unknown> = {}
  for (const name of actionFields(registry, action)) if (properties[name]?.default !== undefined) query[name] = properties[name].default
  if ('text' in properties) query.text = speechSample(record.language ?? locale)
  return { ...query, [action.rowId]: record.id, lang: locale }
}

/**
 * A download link, in a new tab: the file saves and the tab closes, while an error the
 * server answers instead (a session that ended) shows there, not over the page in use.
 */
export function openDownload(url: string): void {
  window.open(url, '_blank', 'noopener')
}

/** A left click with no key held: one the app follows itself; any other (a middle click, ctrl) is the browser's, to open a tab. */
export function isPlainClick(event: { button: number; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey
}
