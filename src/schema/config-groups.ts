import type { SchemaProblem } from './SchemaError'
import { joinPointer } from './pointer'
import { withNotBlank } from './not-blank'
import type { ConfigGroupDef, JsonSchema, Label, Navigation } from './types'

interface ConfigFile {
  file: string
  name: string
  json: JsonSchema
}

/**
 * The config groups, checked against each other and the navigation: the file name is
 * the group name, a setting's name is unique across groups (get_single_config finds
 * it by name alone), and each group is edited on a route that exists.
 */
export function loadConfigGroups(files: ConfigFile[], navigation: Navigation, problems: SchemaProblem[]): Map<string, ConfigGroupDef> {
  const groups = new Map<string, ConfigGroupDef>()
  const owners = new Map<string, string>()
  const routes = new Set(navigation.groups.flatMap((g) => g.children.map((c) => `${g.path}/${c.path}`)))
  for (const { file, name, json } of files) {
    if (json.$id !== name) {
      problems.push({ file, pointer: '/$id', message: `$id is "${String(json.$id)}" but the file is named ${name}.json; they must match, since the API names the group by it.` })
      continue
    }
    const screen = String(json['x-screen'])
    if (!routes.has(screen)) {
      problems.push({ file, pointer: '/x-screen', message: `names route ${screen}, which schemas/navigation.json does not declare. Name the settings screen that edits this group, e.g. /account/settings.` })
    }
    const fields = json.properties as Record<string, Record<string, unknown>>
    for (const [field, schema] of Object.entries(fields)) {
      for (const [other, values] of Object.entries((schema['x-shown-when'] ?? {}) as Record<string, unknown[]>)) {
        const options = fields[other]?.enum as unknown[] | undefined
        if (!fields[other] || other === field) problems.push({ file, pointer: joinPointer('properties', field, 'x-shown-when', other), message: `names "${other}", which is not another setting of this group.` })
        else if (options && values.some((v) => !options.includes(v))) problems.push({ file, pointer: joinPointer('properties', field, 'x-shown-when', other), message: `lists values "${other}" cannot hold; it takes ${options.map((o) => JSON.stringify(o)).join(', ')}.` })
      }
    }
    for (const field of Object.keys(fields)) {
      const first = owners.get(field)
      if (first) problems.push({ file, pointer: joinPointer('properties', field), message: `setting "${field}" is already declared by ${first}. Setting names are unique across groups; rename one.` })
      else owners.set(field, file)
    }
    const { $schema: _meta, 'x-label': label, 'x-screen': _screen, 'x-order': order, 'x-read': read, 'x-note': note, ...schema } = json
    groups.set(name, {
      name, file, label: label as Label, screen, order: typeof order === 'number' ? order : 0, read: read as ConfigGroupDef['read'],
      ...(note ? { note: note as Label } : {}),
      schema: withNotBlank({ ...schema, $id: `config:${name}` }),
    })
  }
  return groups
}

/** Every setting of a group at its default. */
export function configDefaults(group: ConfigGroupDef): Record<string, unknown> {
  const properties = group.schema.properties as Record<string, JsonSchema>
  return Object.fromEntries(Object.entries(properties).map(([name, field]) => [name, field.default]))
}

/** Names of the settings that can be written but never read back. */
export function secretFields(group: ConfigGroupDef): string[] {
  const properties = group.schema.properties as Record<string, JsonSchema>
  return Object.keys(properties).filter((name) => properties[name]!.writeOnly === true)
}
