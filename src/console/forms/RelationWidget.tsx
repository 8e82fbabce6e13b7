import { useRef } from 'react'
import { InputNumber, Select } from 'antd'
import type { WidgetProps } from '@rjsf/utils'
import { useSelect } from '@refinedev/antd'
import { useGetIdentity, type BaseRecord } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import type { Registry, Role } from '../../schema/types'
import { useConsole } from '../ConsoleContext'
import type { Identity } from '../providers/authProvider'
import { resourceAllows } from '../providers/accessControlProvider'

export interface RelationSource {
  /** The screen whose list endpoint offers the records to choose from. */
  resource: string
  /** The related entity's x-title: what an option shows. */
  titleField: string
  /** Whether that list can filter on the title, so typing searches the server. */
  searchable: boolean
}

/**
 * Where a role can pick a record of `entity` from: the screen the field names with
 * x-pick-from (a merchant's parent is chosen among partners), else the first screen of
 * that entity whose list the role may open.
 */
export function relationSource(registry: Pick<Registry, 'resources' | 'navigation' | 'entities' | 'endpoints'>, entity: string, role: Role, pickFrom?: string): RelationSource | undefined {
  const titleField = registry.entities.get(entity)?.title
  if (!titleField) return undefined
  const named = pickFrom ? registry.resources.get(pickFrom) : undefined
  const candidates = named ? [named, ...registry.resources.values()] : registry.resources.values()
  for (const def of candidates) {
    if (def.entity !== entity || !def.endpoints.list || !resourceAllows(registry, def.name, 'list', role)) continue
    return { resource: def.name, titleField, searchable: def.list.filters.some((f) => f.field === titleField && f.match === 'contains') }
  }
  return undefined
}

/**
 * An x-relation field: a searchable choice among the records the person may see, showing
 * their titles. A role with no screen listing that entity types the id instead; the
 * server refuses an id it may not use either way.
 */
export function RelationWidget({ id, name, value, onChange, onBlur, disabled, readonly, schema, required, registry: form }: WidgetProps) {
  const known = (form.formContext as { titles?: Record<string, string | null> } | undefined)?.titles?.[name]
  // An array of ids (a slot's clips) picks several records in one box.
  const items = schema.type === 'array' ? (schema.items as typeof schema) : undefined
  if (items) {
    return (
      <RelationPicker
        id={id}
        entity={String(items['x-relation'])}
        pickFrom={items['x-pick-from'] as string | undefined}
        where={items['x-relation-where'] as RelationWhere | undefined}
        values={Array.isArray(value) ? (value as unknown[]).filter((v): v is number => typeof v === 'number') : []}
        clearable
        disabled={disabled || readonly}
        onChange={() => undefined}
        onChangeMany={(v) => onChange(v)}
        onBlur={() => onBlur(id, value)}
        width="100%"
      />
    )
  }
  return (
    <RelationPicker
      id={id}
      entity={String(schema['x-relation'])}
      pickFrom={schema['x-pick-from'] as string | undefined}
      where={schema['x-relation-where'] as RelationWhere | undefined}
      value={value}
      known={known ?? undefined}
      clearable={!required}
      disabled={disabled || readonly}
      onChange={(v) => onChange(v ?? emptyOf({ schema }))}
      onBlur={() => onBlur(id, value)}
      width="100%"
    />
  )
}

/** x-relation-where: the values each field of an offered record may hold. */
export type RelationWhere = Record<string, (string | number)[]>

export interface RelationPickerProps {
  id?: string
  entity: string
  /** The screen to choose from (x-pick-from). */
  pickFrom?: string
  /** Only records whose fields hold these values are offered (a clip field offers videos only). */
  where?: RelationWhere
  value?: number | null
  /** Several records chosen at once (with onChangeMany): an array field's. */
  values?: number[]
  onChangeMany?: (values: number[]) => void
  /** The chosen record's title, when the caller already has it. */
  known?: string
  clearable?: boolean
  disabled?: boolean
  onChange: (value: number | undefined) => void
  onBlur?: () => void
  width?: number | string
}

/** The choice itself, for forms and for list filters. */
export function RelationPicker(props: RelationPickerProps) {
  const { registry } = useConsole()
  const role = useGetIdentity<Identity>().data?.role
  const source = role ? relationSource(registry, props.entity, role, props.pickFrom) : undefined
  if (!source && props.values) {
    // No list to choose from: ids typed one after another.
    return <Select id={props.id} mode="tags" value={props.values.map(String)} disabled={props.disabled} onChange={(v: string[]) => props.onChangeMany?.(v.map(Number).filter((n) => Number.isInteger(n) && n > 0))} onBlur={props.onBlur} style={{ width: props.width ?? 360, maxWidth: '100%' }} />
  }
  if (!source) {
    return <InputNumber id={props.id} value={props.value ?? null} min={1} precision={0} disabled={props.disabled} onChange={(v) => props.onChange(v ?? undefined)} onBlur={props.onBlur} style={{ width: props.width ?? 220 }} />
  }
  return <RelationSelect {...props} source={source} />
}

function RelationSelect({ id, value, values, onChange, onChangeMany, onBlur, disabled, known, clearable, width, source, where }: RelationPickerProps & { source: RelationSource }) {
  const t = useTranslate()
  const { selectProps } = useSelect<BaseRecord>({
    resource: source.resource,
    filters: Object.entries(where ?? {}).map(([field, value]) => ({ field, operator: 'in' as const, value })),
    optionLabel: source.titleField as never,
    optionValue: 'id' as never,
    pagination: { currentPage: 1, pageSize: 20 },
    debounce: 300,
    ...(source.searchable ? { onSearch: (text: string) => [{ field: source.titleField, operator: 'contains' as const, value: text }] } : {}),
    // The chosen record's title came with the record being edited; no need to fetch it again.
    defaultValueQueryOptions: { enabled: false },
  })
  const options = [...(selectProps.options ?? [])] as { value: unknown; label: unknown }[]
  // Chosen records a search no longer shows keep their titles.
  const titles = useRef(new Map<unknown, unknown>())
  for (const o of options) titles.current.set(o.value, o.label)
  for (const chosen of values ?? (value !== undefined && value !== null ? [value] : [])) {
    if (!options.some((o) => o.value === chosen)) options.unshift({ value: chosen, label: titles.current.get(chosen) ?? (values ? undefined : known) ?? `#${chosen}` })
  }
  if (values) {
    return (
      <Select
        id={id}
        mode="multiple"
        loading={selectProps.loading}
        onSearch={source.searchable ? selectProps.onSearch : undefined}
        filterOption={false}
        value={values}
        options={options as never}
        showSearch={source.searchable}
        allowClear={clearable}
        // No placeholder: antd draws a multiple choice's as text too pale to read (WCAG AA), not as an input's placeholder.
        notFoundContent={t('relation.none')}
        disabled={disabled}
        onChange={(v: number[]) => onChangeMany?.(v)}
        onBlur={onBlur}
        style={{ width: width ?? 360, maxWidth: '100%' }}
      />
    )
  }
  return (
    <Select
      id={id}
      loading={selectProps.loading}
      onSearch={source.searchable ? selectProps.onSearch : undefined}
      filterOption={false}
      value={value ?? undefined}
      options={options as never}
      showSearch={source.searchable}
      allowClear={clearable}
      placeholder={t(source.searchable ? 'relation.search' : 'relation.choose')}
      notFoundContent={t('relation.none')}
      disabled={disabled}
      onChange={(v: unknown) => onChange((v as number | undefined) ?? undefined)}
      onBlur={onBlur}
      style={{ width: width ?? 360, maxWidth: '100%' }}
    />
  )
}

/** A cleared choice: null where the schema allows it, else no value. */
function emptyOf({ schema }: Pick<WidgetProps, 'schema'>): null | undefined {
  return ([] as unknown[]).concat(schema.type ?? []).includes('null') ? null : undefined
}
