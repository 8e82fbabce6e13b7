import type { EndpointDef, Registry, ResourceDef } from '../types'
import { GENERATED_MARKER } from './banner'
import { operationName } from '../names'
import { compareCodeUnits, sortedEndpoints, sortedEntities } from './registry-order'

/**
 * catalogue.md: every screen, entity and call in one page, for people choosing
 * where a new screen goes or which call to use. schemas/README.md links here.
 */
export function generateCatalogue(registry: Registry): string {
  const resources = [...registry.resources.values()].sort((a, b) => compareCodeUnits(a.route, b.route))
  const lines = [
    `<!-- ${GENERATED_MARKER}. Do not edit by hand. -->`,
    '',
    '# Catalogue of the schema files',
    '',
    `${resources.length} screens, ${registry.entities.size} entities, ${registry.endpoints.size} calls.`,
    '',
    '## Screens (schemas/resources/)',
    '',
    '| route | screen | entity | roles | calls |',
    '| --- | --- | --- | --- | --- |',
    ...resources.map(resourceRow),
    '',
    '## Entities (schemas/entities/)',
    '',
    '| entity | table | owner field | fields |',
    '| --- | --- | --- | --- |',
    ...sortedEntities(registry).map(
      (e) => `| \`${e.name}\` | ${e.table} | ${e.owner ?? '—'} | ${e.columns.filter((c) => !c.private).map((c) => c.name).join(', ')} |`,
    ),
    '',
    '## Settings groups (schemas/config/)',
    '',
    '| group | label | edited on | read by | settings |',
    '| --- | --- | --- | --- | --- |',
    ...[...registry.configGroups.values()].sort((a, b) => compareCodeUnits(a.name, b.name)).map(
      (g) => `| \`${g.name}\` | ${cell(g.label['en-US'])} / ${cell(g.label['zh-CN'])} | ${g.screen} | ${g.read.length ? g.read.join(', ') : 'admin only'} | ${Object.keys(g.schema.properties as object).join(', ')} |`,
    ),
    '',
    '## Calls (schemas/endpoints/), under /api/v1',
    '',
    '| call | client function | roles | handler | summary |',
    '| --- | --- | --- | --- | --- |',
    ...sortedEndpoints(registry).map(endpointRow),
    '',
  ]
  return lines.join('\n')
}

function resourceRow(r: ResourceDef): string {
  const calls = Object.entries(r.endpoints).map(([slot, id]) => `${slot}: \`${id}\``).join(', ')
  return `| ${r.route} | ${cell(r.label['en-US'])} / ${cell(r.label['zh-CN'])} | \`${r.entity}\` | ${r.roles.join(', ')} | ${calls} |`
}

function endpointRow(e: EndpointDef): string {
  const roles = e.access === 'open' ? 'open' : e.access.join(', ')
  const handler = e.entity ? `${e.handler} \`${e.entity}\`` : e.handler
  return `| ${e.method} ${e.path} | \`${operationName(e.id)}\` | ${roles} | ${handler} | ${cell(e.summary)} |`
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}
