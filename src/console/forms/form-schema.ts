import type { FormSection, JsonSchema, Label, Locale, Registry, ResourceDef } from '../../schema/types'
import { resolveRef } from '../../schema/entity'
import type { FormSource } from '../../schema/form-fields'

export interface FormDefinition {
  schema: JsonSchema
  uiSchema: JsonSchema
}

/**
 * The create or edit form of a resource: the very body schema its endpoint validates
 * with on the server, limited to and ordered by the resource's form fields, with
 * titles in the console's locale and widgets chosen by format and x-widget.
 */
export function formDefinition(registry: Registry, resource: ResourceDef, mode: 'create' | 'update', locale: Locale): FormDefinition {
  return endpointForm(registry, resource.endpoints[mode]!, locale, resource.form)
}

/**
 * The form of any endpoint's request body (a download's query), for pages that are forms but
 * not a resource's (change password, settings): `fields` limits and orders it, `ui` adds rjsf options.
 */
export function endpointForm(registry: Registry, endpointId: string, locale: Locale, layout: FormLayout = {}): FormDefinition {
  const endpoint = registry.endpoints.get(endpointId)!
  // A download is a GET link: its form is the query (an export's file format).
  const body = withoutKey(inline((endpoint.request.body ?? endpoint.request.query)!, registry) as JsonSchema)
  return objectForm({ ...body, $id: `${endpoint.request.body ? 'body' : 'query'}:${endpoint.id}` satisfies FormSource }, locale, layout)
}

/** An idempotent call's key is the console's to send (providers/submission-key.ts), never a field to fill. */
function withoutKey(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined
  if (!properties?.idempotency_key) return schema
  const { idempotency_key: _, ...rest } = properties
  return { ...schema, properties: rest }
}

interface FormLayout {
  fields?: string[]
  sections?: FormSection[]
  ui?: Record<string, unknown>
}

/** A form section as the form draws it (forms/FormSections): its title in the locale, its fields the form has. */
export interface SectionLayout {
  title: string
  fields: string[]
}

/** A top-level field's condition (x-shown-when), in its uiSchema: SchemaForm hides the field while the form's values do not meet it. */
export const SHOWN_WHEN = 'ui:shownWhen'

/** The uiSchema with each field whose x-shown-when the values do not meet drawn hidden (its value kept). */
export function withUnmetHidden(uiSchema: JsonSchema, values: Record<string, unknown>): JsonSchema {
  let out: JsonSchema | undefined
  for (const [name, ui] of Object.entries(uiSchema)) {
    const when = (ui as JsonSchema | undefined)?.[SHOWN_WHEN] as Record<string, unknown[]> | undefined
    if (!when || Object.entries(when).every(([field, allowed]) => allowed.includes(values[field]))) continue
    out ??= { ...uiSchema }
    out[name] = { ...(ui as JsonSchema), 'ui:widget': 'hidden' }
  }
  return out ?? uiSchema
}

/** Where the form's sections are, in its uiSchema: its root's options, which SchemaForm's object template reads. */
export const SECTIONS_OPTION = 'sections'

/**
 * The form of an object schema with no $refs left (a request body, a settings group). Its
 * `$id` (a FormSource: `body:domain/add`, `config:resource`) stays the form's: it names the
 * validators the form is checked with (form-validator.ts).
 */
export function objectForm(body: JsonSchema, locale: Locale, layout: FormLayout = {}): FormDefinition {
  const all = body.properties as Record<string, JsonSchema>
  const names = (layout.fields ?? layout.sections?.flatMap((section) => section.fields) ?? Object.keys(all)).filter((name) => name in all)
  const properties: Record<string, JsonSchema> = {}
  const uiSchema: JsonSchema = { 'ui:order': names, 'ui:submitButtonOptions': { norender: true } }
  for (const name of names) {
    const field = formField(all[name]!, name, locale)
    properties[name] = field.schema
    if (Object.keys(field.ui).length > 0) uiSchema[name] = field.ui
  }
  for (const [name, ui] of Object.entries(layout.ui ?? {})) uiSchema[name] = { ...(uiSchema[name] as object), ...(ui as object) }
  if (layout.sections) {
    // A field the endpoint does not take (a password on edit) is not drawn, and a section left empty not at all.
    const sections: SectionLayout[] = layout.sections
      .map((section) => ({ title: inLocale(section.title, locale)!, fields: section.fields.filter((name) => name in all) }))
      .filter((section) => section.fields.length > 0)
    uiSchema['ui:options'] = { [SECTIONS_OPTION]: sections }
  }
  const required = ((body.required as string[] | undefined) ?? []).filter((name) => names.includes(name))
  return { schema: { ...(body.$id ? { $id: body.$id } : {}), type: 'object', properties, required, additionalProperties: false }, uiSchema }
}

/**
 * One field of a form, and the fields inside it: an object's (subtitle style) and an array's
 * items (a clip's segments, a mixed cut's slots) get titles and widgets as the top level's do.
 */
function formField(declared: JsonSchema, name: string, locale: Locale): { schema: JsonSchema; ui: JsonSchema } {
  // description is API documentation, in English only; the form shows the label in the console's language.
  const { description: _doc, ...property } = declared
  const label = property['x-label'] as Label | undefined
  const schema: JsonSchema = { ...property, title: inLocale(label, locale) ?? name }
  // An emptied input means "no value", not "leave unchanged": send '' (or null where allowed) so an edit can clear it.
  const types = ([] as unknown[]).concat(property.type ?? [])
  const emptyValue = types.includes('null') ? null : types.includes('string') ? '' : undefined
  const enumNames = enumNamesOf(property, locale)
  const ui: JsonSchema = {
    ...uiOf(property),
    ...(emptyValue !== undefined ? { 'ui:emptyValue': emptyValue } : {}),
    ...(enumNames ? { 'ui:enumNames': enumNames } : {}),
    // Below the field, where antd puts a description; its help line is where errors go.
    ...(property['x-help'] ? { 'ui:description': inLocale(property['x-help'] as Label, locale) } : {}),
    ...(property['x-shown-when'] ? { [SHOWN_WHEN]: property['x-shown-when'] } : {}),
  }
  if (property.type === 'object' && property.properties) {
    const inner: Record<string, JsonSchema> = {}
    for (const [key, child] of Object.entries(property.properties as Record<string, JsonSchema>)) {
      const field = formField(child, key, locale)
      inner[key] = field.schema
      if (Object.keys(field.ui).length > 0) ui[key] = field.ui
    }
    schema.properties = inner
  }
  if (property.type === 'array' && property.items && typeof property.items === 'object') {
    const items = property.items as JsonSchema
    if (typeof items['x-relation'] === 'string') {
      // Several records of a kind (a slot's clips): one search-and-pick box holding them all.
      schema.items = items
      ui['ui:widget'] = 'relation'
    } else if (items.type === 'string' && !items.enum) {
      ui['ui:widget'] = 'lines'
    } else {
      // An item has no name of its own: the array's title says what the items are.
      const field = formField({ ...items, 'x-label': undefined }, '', locale)
      schema.items = { ...field.schema, title: '' }
      if (Object.keys(field.ui).length > 0) ui.items = field.ui
      // A few values picked at most once each (the roles that may use an assistant): ticked in a row.
      if (items.enum && property.uniqueItems) ui['ui:widget'] = 'checkboxes'
    }
  }
  return { schema, ui }
}

/** An enum's option labels in the form's locale, from x-enum-labels. */
function enumNamesOf(property: JsonSchema, locale: Locale): string[] | undefined {
  const labels = property['x-enum-labels'] as Label[] | undefined
  return labels?.map((label) => inLocale(label, locale)!)
}

/** A label's text in the form's locale, else in English. */
function inLocale(label: Label | undefined, locale: Locale): string | undefined {
  return label?.[locale] ?? label?.['en-US']
}

/** x-widget values drawn by the form widget of the same name (forms/widgets.tsx). */
const SAME_NAMED = new Set(['image', 'password', 'color', 'transition', 'script', 'post-title', 'voice', 'font'])

function uiOf(property: JsonSchema): JsonSchema | undefined {
  if (typeof property['x-widget'] === 'string' && SAME_NAMED.has(property['x-widget'])) return { 'ui:widget': property['x-widget'] }
  // A material chosen from the library, or uploaded (or recorded: a voice sample) on the spot.
  if (property['x-widget'] === 'recording') return { 'ui:widget': 'material', 'ui:options': { record: true, accept: 'audio/*,video/*' } }
  if (property['x-widget'] === 'material') return { 'ui:widget': 'material', ...(typeof property['x-accept'] === 'string' ? { 'ui:options': { accept: property['x-accept'] } } : {}) }
  if (typeof property['x-relation'] === 'string') return { 'ui:widget': 'relation' }
  if (property.contentMediaType === 'text/html') return { 'ui:widget': 'richText' }
  if (property.format === 'money') return { 'ui:widget': 'money' }
  if (Array.isArray(property.enum) && property.enum.length === 2 && property.enum.includes(0) && property.enum.includes(1) && !property['x-enum-labels']) return { 'ui:widget': 'flag' }
  if (typeof property.maxLength === 'number' && property.maxLength > 256) return { 'ui:widget': 'textarea' }
  return undefined
}

/** Inline every `$ref` to another schema file: the form has no registry to resolve them in. */
function inline(node: unknown, registry: Registry): unknown {
  if (Array.isArray(node)) return node.map((n) => inline(n, registry))
  if (node === null || typeof node !== 'object') return node
  const object = node as JsonSchema
  if (typeof object.$ref === 'string') {
    const { $ref, ...rest } = object
    return { ...(inline(resolveRef($ref, {}, registry.schemas), registry) as JsonSchema), ...rest }
  }
  return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, inline(v, registry)]))
}
