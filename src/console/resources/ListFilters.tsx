import { Button, Form, Input, InputNumber, Select, Space, type FormProps } from 'antd'
import { type CrudFilter } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import type { Dayjs } from 'dayjs'
import type { ListFilter, Locale } from '../../schema/types'
import { useConsole } from '../ConsoleContext'
import { enumLabel, type FieldInfo } from './fields'
import { RelationPicker } from '../forms/RelationWidget'
import { DateRangeFilter } from './DateRangeFilter'
import { isDateRange } from './list-code'

type FilterValues = Record<string, unknown>

/** The filter bar of a list: one control per filter the resource file declares, chosen by the field's schema. */
export function ListFilters({ formProps, filters, fieldOf, labelOf }: {
  formProps: FormProps
  filters: ListFilter[]
  fieldOf: (name: string) => FieldInfo
  labelOf: (field: FieldInfo) => string
}) {
  const t = useTranslate()
  const { locale } = useConsole()
  filters = barFilters(filters)
  if (filters.length === 0) return null
  return (
    <Form {...formProps} layout="inline" className="list-filters" style={{ marginBottom: 16, rowGap: 12 }} aria-label={t('list.filters')}>
      {filters.map((filter) => {
        const field = fieldOf(filter.field)
        if (filter.match === 'range' && !isDateRange(filter, field)) {
          // Two bounds under one field name: the form value is [from, to], as for a date range.
          // Money is yuan with at most two decimals on the wire; counts are whole.
          const precision = field.kind === 'money' ? 2 : field.kind === 'integer' || field.kind === 'count' ? 0 : undefined
          return (
            <Form.Item key={filter.field} label={labelOf(field)}>
              <Space.Compact>
                <Form.Item name={[filter.field, 0]} noStyle>
                  <InputNumber placeholder={t('list.rangeStart')} precision={precision} />
                </Form.Item>
                <Form.Item name={[filter.field, 1]} noStyle>
                  <InputNumber placeholder={t('list.rangeEnd')} precision={precision} />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          )
        }
        return (
          <Form.Item key={filter.field} name={filter.field} label={labelOf(field)}>
            {control(filter, field, t, locale)}
          </Form.Item>
        )
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('list.search')}
          </Button>
          <Button
            onClick={() => {
              formProps.form?.resetFields()
              formProps.form?.submit()
            }}
          >
            {t('list.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  )
}

function control(filter: ListFilter, field: FieldInfo, t: (key: string) => string, locale: Locale) {
  if (filter.match === 'range') return <DateRangeFilter allowEmpty={[true, true]} placeholder={[t('list.rangeStart'), t('list.rangeEnd')]} />
  if (filter.match === 'equals' && (field.kind === 'flag' || field.kind === 'boolean')) {
    const [yes, no] = field.kind === 'flag' ? [1, 0] : [true, false]
    return <Select allowClear style={{ minWidth: 120 }} placeholder={t('value.any')} options={[{ value: yes, label: t('value.yes') }, { value: no, label: t('value.no') }]} />
  }
  if (filter.match === 'equals' && field.kind === 'relation') {
    return <RelationFilter entity={String(field.schema['x-relation'])} pickFrom={field.schema['x-pick-from'] as string | undefined} />
  }
  if (filter.match === 'equals' && field.kind === 'enum') {
    return <Select allowClear style={{ minWidth: 120 }} placeholder={t('value.any')} options={(field.schema.enum as (string | number)[]).map((v) => ({ value: v, label: enumLabel(field, v, locale) }))} />
  }
  return <Input allowClear style={{ minWidth: 180 }} />
}

/** A relation filter as a form control: antd's Form.Item hands it value and onChange. */
function RelationFilter({ id, entity, pickFrom, value, onChange }: { id?: string; entity: string; pickFrom?: string; value?: number; onChange?: (value: number | undefined) => void }) {
  return <RelationPicker id={id} entity={entity} pickFrom={pickFrom} value={value} clearable width={200} onChange={(v) => onChange?.(v)} />
}

/** The filter bar's values as Refine filters, which the data provider turns into the list endpoint's query. */
export function toCrudFilters(filters: ListFilter[], values: FilterValues): CrudFilter[] {
  return barFilters(filters).map((filter): CrudFilter => {
    const value = values[filter.field]
    if (filter.match === 'range') {
      const [from, to] = (Array.isArray(value) ? value : []) as (Dayjs | number | null)[]
      // Days as the person sees them (local time), sent as instants, so the server needs no time zone.
      const bound = (v: Dayjs | number | null | undefined, side: 'from' | 'to') =>
        v === null || v === undefined ? undefined : typeof v === 'number' ? v : (side === 'from' ? v.startOf('day') : v.endOf('day')).toISOString()
      const given = [from, to].some((v) => v !== null && v !== undefined)
      return { field: filter.field, operator: 'between', value: given ? [bound(from, 'from'), bound(to, 'to')] : undefined }
    }
    return { field: filter.field, operator: filter.match === 'contains' ? 'contains' : 'eq', value: value === '' ? undefined : value }
  })
}

/** The filters a person sets in the bar: an "in" filter (several values at once) is for pages that list a set, such as a page's task kinds. */
function barFilters(filters: ListFilter[]): ListFilter[] {
  return filters.filter((filter) => filter.match !== 'in')
}

/**
 * Filters a plain link carries (`/promotion/all-merchant?parent_id=3`, a plan's posts by
 * `?plan_id=3`): an equals filter of the list named in the address, as a number where the
 * text is one. Refine reads only its own `filters[…]` form from the address.
 */
export function linkedFilters(filters: ListFilter[], search: string): CrudFilter[] {
  const query = new URLSearchParams(search)
  return barFilters(filters)
    .filter((filter) => filter.match === 'equals' && query.get(filter.field))
    .map((filter) => {
      const text = query.get(filter.field)!
      return { field: filter.field, operator: 'eq', value: /^-?\d+$/.test(text) ? Number(text) : text }
    })
}
