import { useEffect, useRef, useState, type UIEvent } from 'react'
import { InputNumber, Select } from 'antd'
import type { WidgetProps } from '@rjsf/utils'
import { useGetIdentity, useInfiniteList, type BaseRecord, type CrudFilter } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import type { Registry, Role } from '../../schema/types'
import { useConsole } from '../ConsoleContext'
import type { Identity } from '../providers/authProvider'
import { resourceAllows } from '../providers/accessControlProvider'
import { RelationOption } from './RelationOption'

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
        usable
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
      usable
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
  /** A form's choice: only records the person may use in its own work (its own and those shared with it), not all it may see. */
  usable?: boolean
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

/** Rows a picker fetches at a time; scrolling to the end of the list fetches the next. */
const PICKER_PAGE = 20

function RelationSelect({ id, entity, value, values, onChange, onChangeMany, onBlur, disabled, known, clearable, width, source, where, usable }: RelationPickerProps & { source: RelationSource }) {
  const t = useTranslate()
  const { registry } = useConsole()
  const [search, setSearch] = useState('')
  const [typed, setTyped] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), 300)
    return () => clearTimeout(timer)
  }, [typed])
  const target = registry.entities.get(entity)
  const filters: CrudFilter[] = [
    ...Object.entries(where ?? {}).map(([field, value]) => ({ field, operator: 'in' as const, value })),
    // A library's picker offers what the person may use: its own records and those shared with it.
    ...(usable && target?.shared ? [{ field: 'usable', operator: 'eq' as const, value: true }] : []),
    ...(source.searchable && search ? [{ field: source.titleField, operator: 'contains' as const, value: search }] : []),
  ]
  const { result, query } = useInfiniteList<BaseRecord>({ resource: source.resource, filters, pagination: { currentPage: 1, pageSize: PICKER_PAGE } })
  const records = (result.data?.pages ?? []).flatMap((page) => page.data)
  const options: { value: unknown; label: string; record?: BaseRecord }[] = records.map((record) => ({ value: record.id, label: String(record[source.titleField] ?? `#${record.id}`), record }))
  // Chosen records a search no longer shows keep their titles.
  const titles = useRef(new Map<unknown, string>())
  for (const o of options) titles.current.set(o.value, o.label)
  for (const chosen of values ?? (value !== undefined && value !== null ? [value] : [])) {
    if (!options.some((o) => o.value === chosen)) options.unshift({ value: chosen, label: titles.current.get(chosen) ?? (values ? undefined : known) ?? `#${chosen}` })
  }
  const more = () => {
    if (result.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage()
  }
  const common = {
    id,
    loading: query.isFetching,
    showSearch: source.searchable,
    onSearch: source.searchable ? setTyped : undefined,
    searchValue: source.searchable ? typed : undefined,
    filterOption: false,
    options: options as never,
    optionRender: (option: { data: { record?: BaseRecord; label: string } }) => (target ? <RelationOption entity={target} title={option.data.label} record={option.data.record} /> : option.data.label),
    // Every record is reachable: the end of the list fetches the next page.
    onPopupScroll: (event: UIEvent<HTMLDivElement>) => {
      const box = event.currentTarget
      if (box.scrollTop + box.clientHeight >= box.scrollHeight - 40) more()
    },
    allowClear: clearable,
    notFoundContent: query.isFetching ? t('relation.loading') : t('relation.none'),
    disabled,
    onBlur: () => {
      setTyped('')
      onBlur?.()
    },
    style: { width: width ?? 360, maxWidth: '100%' },
  }
  if (values) {
    // No placeholder: antd draws a multiple choice's as text too pale to read (WCAG AA), not as an input's placeholder.
    return <Select {...common} mode="multiple" value={values} onChange={(v: number[]) => onChangeMany?.(v)} />
  }
  return <Select {...common} value={value ?? undefined} placeholder={t(source.searchable ? 'relation.search' : 'relation.choose')} onChange={(v: unknown) => onChange((v as number | undefined) ?? undefined)} />
}

/** A cleared choice: null where the schema allows it, else no value. */
function emptyOf({ schema }: Pick<WidgetProps, 'schema'>): null | undefined {
  return ([] as unknown[]).concat(schema.type ?? []).includes('null') ? null : undefined
}
