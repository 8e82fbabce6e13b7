import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSchemaFiles } from '../../schema/load-files'
import { createRegistry } from '../../schema/registry'
import { enumLabel, fieldOf } from '../resources/fields'
import type { JsonSchema } from '../../schema/types'
import { endpointForm, formDefinition, objectForm, withUnmetHidden } from './form-schema'

const SCHEMAS_DIR = resolve(__dirname, '../../../schemas')

/** The real schema files, with fields of every widget kind added to the domain entity. */
function registryWithWidgets() {
  const files = readSchemaFiles(SCHEMAS_DIR).map((file) => {
    if (file.path !== 'entities/domain.json') return file
    const domain = JSON.parse(file.text) as { properties: Record<string, unknown> }
    domain.properties.tier = { type: 'integer', enum: [1, 2, 3], default: 1, 'x-label': { 'zh-CN': '等级', 'en-US': 'Tier' }, 'x-enum-labels': [{ 'zh-CN': '基础', 'en-US': 'Basic' }, { 'zh-CN': '专业', 'en-US': 'Pro' }, { 'zh-CN': '旗舰', 'en-US': 'Flagship' }] }
    domain.properties.state = { type: 'integer', enum: [0, 1], default: 1, 'x-label': { 'zh-CN': '状态', 'en-US': 'State' }, 'x-enum-labels': [{ 'zh-CN': '停用', 'en-US': 'Off' }, { 'zh-CN': '启用', 'en-US': 'On' }] }
    domain.properties.partner_id = { type: ['integer', 'null'], 'x-relation': 'user', 'x-label': { 'zh-CN': '服务商', 'en-US': 'Partner' } }
    domain.properties.deposit = { type: 'string', format: 'money', default: '0.00', 'x-label': { 'zh-CN': '押金', 'en-US': 'Deposit' } }
    return { ...file, text: JSON.stringify(domain) }
  })
  return createRegistry(files)
}

describe('the generated form picks widgets from the schema', () => {
  const registry = registryWithWidgets()
  const domain = registry.resources.get('domain')!
  const form = (locale: 'zh-CN' | 'en-US') => formDefinition(registry, { ...domain, form: { fields: ['is_default', 'tier', 'state', 'partner_id', 'deposit', 'logo'] } }, 'create', locale)

  it('names enum options in the form locale, and keeps yes/no for unnamed 0/1 switches only', () => {
    expect(form('en-US').uiSchema.tier).toMatchObject({ 'ui:enumNames': ['Basic', 'Pro', 'Flagship'] })
    expect(form('zh-CN').uiSchema.tier).toMatchObject({ 'ui:enumNames': ['基础', '专业', '旗舰'] })
    expect(form('en-US').uiSchema.is_default).toMatchObject({ 'ui:widget': 'flag' })
    expect(form('en-US').uiSchema.is_default).not.toHaveProperty('ui:enumNames')
    expect(form('en-US').uiSchema.state).toEqual({ 'ui:enumNames': ['Off', 'On'] })
  })

  it('chooses a record for a relation, yuan for money and a URL with preview for an image', () => {
    const { uiSchema } = form('en-US')
    expect(uiSchema.partner_id).toMatchObject({ 'ui:widget': 'relation', 'ui:emptyValue': null })
    expect(uiSchema.deposit).toMatchObject({ 'ui:widget': 'money' })
    expect(uiSchema.logo).toMatchObject({ 'ui:widget': 'image' })
  })

  it('edits text/html in the rich-text editor, not a text area, however long it may be', () => {
    const article = registry.resources.get('article')!
    const { uiSchema } = formDefinition(registry, article, 'create', 'en-US')
    expect(uiSchema.content).toMatchObject({ 'ui:widget': 'richText' })
    expect(fieldOf(registry, registry.entities.get('article')!, 'content').kind).toBe('richText')
  })

  it('puts a field\'s x-help under it in the form\'s locale, its label kept short', () => {
    const assistant = registry.resources.get('ai_assistant')!
    const en = formDefinition(registry, assistant, 'create', 'en-US')
    expect((en.schema.properties as Record<string, JsonSchema>).model).toMatchObject({ title: 'Model' })
    expect(en.uiSchema.model).toMatchObject({ 'ui:description': 'Empty: the default model of the AI writer chosen in Initial configuration' })
    expect(formDefinition(registry, assistant, 'create', 'zh-CN').uiSchema.model).toMatchObject({ 'ui:description': '留空则用初始化配置中所选 AI 写作服务的默认模型' })
    expect(en.uiSchema.name).not.toHaveProperty('ui:description')
  })

  it('shows enum values by their labels in lists, and the raw value where none is given', () => {
    const entity = registry.entities.get('domain')!
    const tier = fieldOf(registry, entity, 'tier')
    expect(tier.kind).toBe('enum')
    expect(enumLabel(tier, 2, 'zh-CN')).toBe('专业')
    expect(enumLabel(tier, 9, 'en-US')).toBe('9')
    expect(fieldOf(registry, entity, 'state').kind).toBe('enum')
    expect(fieldOf(registry, entity, 'is_default').kind).toBe('flag')
  })
})

describe('form sections', () => {
  const registry = createRegistry(readSchemaFiles(SCHEMAS_DIR))
  const partner = registry.resources.get('partner')!

  it('orders the form by its sections and names each in the locale', () => {
    const { uiSchema } = formDefinition(registry, partner, 'create', 'en-US')
    expect(uiSchema['ui:order']).toEqual(['username', 'password', 'status', 'name', 'mobile', 'email', 'service_prefix_no', 'service_type'])
    expect(uiSchema['ui:options']).toEqual({
      sections: [
        { title: 'Account', fields: ['username', 'password', 'status'] },
        { title: 'Profile', fields: ['name', 'mobile', 'email'] },
        { title: 'Partner details', fields: ['service_prefix_no', 'service_type'] },
      ],
    })
    expect((formDefinition(registry, partner, 'create', 'zh-CN').uiSchema['ui:options'] as { sections: { title: string }[] }).sections.map((s) => s.title)).toEqual(['账号信息', '基本资料', '服务商信息'])
  })

  it('leaves out what the endpoint does not take, and a section left empty', () => {
    const { schema, uiSchema } = formDefinition(registry, { ...partner, form: { ...partner.form, sections: [...partner.form.sections!, { title: { 'zh-CN': '空', 'en-US': 'Empty' }, fields: ['no_such_field'] }] } }, 'update', 'en-US')
    const sections = (uiSchema['ui:options'] as { sections: { title: string; fields: string[] }[] }).sections
    expect(sections.map((s) => s.title)).toEqual(['Account', 'Profile', 'Partner details'])
    for (const section of sections) for (const field of section.fields) expect(Object.keys(schema.properties as object)).toContain(field)
  })
})

describe('x-enum-labels', () => {
  it('must give one label per enum value', () => {
    const files = readSchemaFiles(SCHEMAS_DIR).map((file) => {
      if (file.path !== 'entities/user.json') return file
      const user = JSON.parse(file.text) as { properties: Record<string, Record<string, unknown>> }
      user.properties.status!['x-enum-labels'] = [{ 'zh-CN': '禁用', 'en-US': 'Disabled' }]
      return { ...file, text: JSON.stringify(user) }
    })
    expect(() => createRegistry(files)).toThrow('schemas/entities/user.json#/properties/status/x-enum-labels: has 1 labels but enum has 2 values; give one label per value, in the order of enum.')
  })
})

describe('the form of a task kind, arrays and objects included', () => {
  const registry = createRegistry(readSchemaFiles(SCHEMAS_DIR))
  const clip = endpointForm(registry, 'task/submit_clip', 'zh-CN')
  const mixed = endpointForm(registry, 'task/submit_mixed_cut', 'en-US')
  const properties = (schema: JsonSchema) => schema.properties as Record<string, JsonSchema>

  it('titles the fields inside an array item and an object in the locale, and picks their widgets', () => {
    const segment = properties(clip.schema).segments!.items as JsonSchema
    expect(properties(clip.schema).segments!.title).toBe('片段')
    expect(properties(segment).material_id!.title).toBe('素材')
    expect(clip.uiSchema.segments).toMatchObject({ items: { material_id: { 'ui:widget': 'relation' } } })
    const style = properties(properties(clip.schema).subtitle_style!)
    expect(style.position!.title).toBe('位置')
    expect(clip.uiSchema.subtitle_style).toMatchObject({ color: { 'ui:widget': 'color' }, position: { 'ui:enumNames': ['顶部', '居中', '底部', '自定义高度'] }, font: { 'ui:widget': 'font' }, box_color: { 'ui:widget': 'color' } })
    expect(clip.uiSchema.bgm_material_id).toMatchObject({ 'ui:widget': 'relation', 'ui:emptyValue': null })
  })

  it("picks a slot's clips in one box, and types its caption lines one a line", () => {
    expect(mixed.uiSchema.slots).toMatchObject({ items: { clips: { 'ui:widget': 'relation' }, captions: { 'ui:widget': 'lines' } } })
    const slot = properties(mixed.schema).slots!.items as JsonSchema
    expect((properties(slot).clips!.items as JsonSchema)['x-relation']).toBe('material')
    // The API documentation stays out of the form, in every level.
    expect(JSON.stringify(mixed.schema)).not.toContain('"description"')
  })
})

describe('a field whose values are the task kinds (x-enum-from)', () => {
  it('reads as an enum of the kinds, by their labels', () => {
    const registry = createRegistry(readSchemaFiles(SCHEMAS_DIR))
    const kind = fieldOf(registry, registry.entities.get('task')!, 'kind')
    expect(kind.kind).toBe('enum')
    expect(kind.schema.enum).toEqual([...registry.tasks.keys()])
    expect(enumLabel(kind, 'mixed_cut', 'zh-CN')).toBe('混剪')
    expect(enumLabel(kind, 'clip', 'en-US')).toBe('Smart clip')
  })
})

describe('a setting shown only while another holds a value (x-shown-when)', () => {
  const registry = createRegistry(readSchemaFiles(SCHEMAS_DIR))
  const { uiSchema } = objectForm(registry.configGroups.get('providers')!.schema, 'en-US')
  const widgetOf = (values: Record<string, unknown>, field: string) => (withUnmetHidden(uiSchema, values)[field] as JsonSchema | undefined)?.['ui:widget']

  it("draws a vendor's settings only while that vendor is chosen, and the choice itself always", () => {
    expect(widgetOf({ digital_human_video: 'local', voice_clone: 'local' }, 'heygen_api_key')).toBe('hidden')
    expect(widgetOf({ digital_human_video: 'local', voice_clone: 'local' }, 'heygem_url')).toBe('hidden')
    expect(widgetOf({ digital_human_video: 'heygen' }, 'heygen_api_key')).not.toBe('hidden')
    expect(widgetOf({ digital_human_video: 'heygen' }, 'heygem_url')).toBe('hidden')
    expect(widgetOf({ digital_human_video: 'heygem' }, 'heygem_url')).not.toBe('hidden')
    expect(widgetOf({ voice_clone: 'gpt-sovits' }, 'gpt_sovits_url')).not.toBe('hidden')
    expect(widgetOf({}, 'digital_human_video')).not.toBe('hidden')
  })

  it('leaves a form without conditions as it was', () => {
    const plain = { name: { 'ui:widget': 'text' } }
    expect(withUnmetHidden(plain, {})).toBe(plain)
  })
})
