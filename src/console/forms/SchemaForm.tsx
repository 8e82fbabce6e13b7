import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Button, Flex, Form as AntdForm } from 'antd'
import { useScreenAtLeast } from '../layout/useScreen'
import Form, { Templates } from '@rjsf/antd'
import { englishStringTranslator, getUiOptions, TranslatableString, type ErrorSchema, type FieldTemplateProps, type RJSFValidationError } from '@rjsf/utils'
import { useTranslate } from '../i18n/translate'
import type { JsonSchema } from '../../schema/types'
import type { ApiError } from '../providers/ApiError'
import { useConsole } from '../ConsoleContext'
import { formValidator, localizeErrors } from './form-validator'
import type { FieldValidators, FieldValidatorsLoader } from './field-validators'
import type { FormSource } from '../../schema/form-fields'
import { formWidgets } from './widgets'
import { FormSections } from './FormSections'
import { withUnmetHidden } from './form-schema'
import { AddItemButton, ArrayItem } from './ArrayItems'

export interface SchemaFormProps {
  schema: JsonSchema
  uiSchema: JsonSchema
  initial?: Record<string, unknown>
  saving: boolean
  /** Rejects with an ApiError whose field errors are shown on their fields. */
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>
  /** The submit button's words when the form does not save (an export); Save otherwise. */
  submitLabel?: string
  /** Told of every change, for a page that shows what the values mean (a cost, a count) as they are typed. */
  onChange?: (values: Record<string, unknown>) => void
  /**
   * What the page itself finds wrong, by top-level field (a count past what the other fields
   * allow): shown on the field at once, and the form is not sent while any remains.
   */
  fieldProblems?: Record<string, string>
  /** Shown just above the submit button: what sending will do (a cost), read as it is sent. */
  footer?: ReactNode
}

/** The widest a form grows: a line of a form is taken in at a glance, not read across the page. */
const FORM_MAX_WIDTH = 720

/**
 * Labels in a column of their own, right-aligned beside their fields, which all fill the same
 * width; on a phone's width (below antd's sm breakpoint) each label goes above its field.
 */
const BESIDE = { labelCol: { flex: '0 0 168px' }, wrapperCol: { flex: '1 1 0', style: { minWidth: 0 } } }
const ABOVE = { labelCol: { span: 24 }, wrapperCol: { span: 24 } }

const ThemeFieldTemplate = Templates.FieldTemplate!

/** One object for every render: rjsf reads a new one as new settings and derives the form's data again. */
const DEFAULTS = { constAsDefaults: 'never' } as const

/**
 * A field in its form item. rjsf gives a true/false field no label of its own, writing it
 * beside the checkbox instead, which then sat in the label column; here its label goes in the
 * label column and the checkbox (forms/widgets' CheckboxWidget) in the field column, as every
 * other field's.
 */
function FieldTemplate(props: FieldTemplateProps) {
  const labelled = props.schema.type === 'boolean' && getUiOptions(props.uiSchema).label !== false
  // A group's help goes under its title (FormSections), not after its last field.
  const group = props.schema.type === 'object' ? { description: undefined, rawDescription: undefined } : {}
  return <ThemeFieldTemplate {...props} {...group} displayLabel={props.displayLabel || labelled} />
}

const TEMPLATES = { ObjectFieldTemplate: FormSections, FieldTemplate, ArrayFieldItemTemplate: ArrayItem, ButtonTemplates: { AddButton: AddItemButton } }

/** The words rjsf writes itself (an array's buttons), in the console's language; the rest as rjsf says them. */
const RJSF_WORDS: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.AddItemButton]: 'form.addItem',
  [TranslatableString.AddButton]: 'form.addItem',
  [TranslatableString.RemoveButton]: 'form.removeItem',
  [TranslatableString.MoveUpButton]: 'form.moveUp',
  [TranslatableString.MoveDownButton]: 'form.moveDown',
  [TranslatableString.CopyButton]: 'form.copyItem',
  [TranslatableString.ClearButton]: 'buttons.clear',
}

/**
 * A react-jsonschema-form over a schema of the schema files, with the server's field errors
 * mapped back onto it. A field's errors show once the person leaves it, and every field's once
 * they try to save: not while they type, nor on fields they have not reached yet.
 */
export function SchemaForm({ schema, uiSchema, initial, saving, onSubmit, submitLabel, onChange, fieldProblems, footer }: SchemaFormProps) {
  const t = useTranslate()
  const { locale, fieldValidators } = useConsole()
  const { fields, settled } = useFieldValidators(fieldValidators, schema.$id as FormSource | undefined)
  const validator = useMemo(() => formValidator(fields), [fields])
  const [data, setData] = useState<Record<string, unknown>>(() => pick(initial ?? {}, schema))
  const [serverErrors, setServerErrors] = useState<ErrorSchema>()
  // What the person has done, read when the form validates (on leaving a field, on saving).
  const left = useRef(new Set<string>())
  const triedToSave = useRef(false)
  const transformErrors = useMemo(() => {
    const localize = localizeErrors(schema, locale)
    return (errors: RJSFValidationError[]) => localize(errors).filter((error) => triedToSave.current || left.current.has(errorField(error)))
  }, [schema, locale])
  const translateString = useMemo(() => (text: TranslatableString, params?: string[]) => (RJSF_WORDS[text] ? t(RJSF_WORDS[text]) : englishStringTranslator(text, params)), [t])
  // Titles of the records the edited one points to, for relation widgets to show before any search.
  const narrow = !useScreenAtLeast('sm')
  // A widget may fill a sibling field (a recording fills the words it asked to be read). rjsf
  // reports a widget's own change after a render, from its state before the fill: the fill is
  // kept until that report has passed, unless the field has been typed in meanwhile.
  const fills = useRef<Record<string, unknown>>({})
  // A widget may read a sibling's value when it acts (a voice's preview reads the speed and pitch).
  const current = useRef(data)
  current.current = data
  const formContext = useMemo(
    () => ({
      titles: initial?._titles,
      fieldValue: (name: string) => current.current[name],
      setField: (name: string, value: unknown) => {
        fills.current[name] = value
        setData((now) => ({ ...now, [name]: value }))
      },
      ...(narrow ? ABOVE : BESIDE),
    }),
    [initial, narrow],
  )
  const topFields = useMemo(() => Object.keys((schema.properties as object | undefined) ?? {}), [schema])
  const shownUi = useMemo(() => withUnmetHidden(uiSchema, data), [uiSchema, data])
  const pageErrors = useMemo(() => {
    const entries = Object.entries(fieldProblems ?? {})
    return entries.length > 0 ? (Object.fromEntries(entries.map(([field, message]) => [field, { __errors: [message] }])) as ErrorSchema) : undefined
  }, [fieldProblems])

  return (
    // Saving (a click or Enter) is seen here before the form validates.
    <div style={{ maxWidth: FORM_MAX_WIDTH }} onSubmitCapture={() => (triedToSave.current = true)} onKeyDown={keepEnterInPickers}>
      <AntdForm component={false} labelWrap>
        <Form
          schema={schema as never}
          uiSchema={shownUi as never}
          formData={data}
          // A checkbox that must be ticked ("const": true, a consent) starts unticked: ticking it is the point.
          experimental_defaultFormStateBehavior={DEFAULTS}
          validator={validator}
          widgets={formWidgets}
          templates={TEMPLATES}
          translateString={translateString}
          formContext={formContext}
          transformErrors={transformErrors}
          extraErrors={mergeErrors(serverErrors, pageErrors)}
          liveValidate="onBlur"
          showErrorList={false}
          noHtml5Validate
          focusOnFirstError
          onBlur={(id) => left.current.add(topField(id, topFields))}
          onChange={(e) => {
            const next = { ...(e.formData as Record<string, unknown>) }
            for (const [name, value] of Object.entries(fills.current)) if (next[name] === undefined || next[name] === '') next[name] = value
            fills.current = {}
            setData(next)
            setServerErrors(undefined)
            onChange?.(next)
          }}
          onSubmit={(e) => {
            if (pageErrors) return
            onSubmit(e.formData as Record<string, unknown>).catch((error: ApiError) => setServerErrors(toErrorSchema(error)))
          }}
        >
          {footer}
          <Flex justify="flex-end">
            {/* Sent only once the form can check itself: its first opening loads the validators. */}
            <Button type="primary" htmlType="submit" loading={saving} disabled={!settled}>
              {submitLabel ?? t('buttons.save')}
            </Button>
          </Flex>
        </Form>
      </AntdForm>
    </div>
  )
}

/**
 * Enter in a date, time or select field picks or confirms there; the browser would then also
 * submit the form (an input's implicit submission), saving it half filled. Its own handlers
 * have run by the time the key reaches the form, so only the submission is stopped.
 */
function keepEnterInPickers(event: KeyboardEvent<HTMLElement>): void {
  if (event.key === 'Enter' && event.target instanceof Element && event.target.closest('.ant-picker, .ant-select, [role="combobox"]')) event.preventDefault()
}

/**
 * The forms' validators once loaded, and whether loading is over. A form whose validators
 * could not be loaded is settled too: the server checks what it is sent.
 */
function useFieldValidators(load: FieldValidatorsLoader, source: FormSource | undefined): { fields?: FieldValidators; settled: boolean } {
  const [state, setState] = useState<{ fields?: FieldValidators; settled: boolean }>({ settled: false })
  useEffect(() => {
    let live = true
    // A form of no source has no validators of its own: the server checks what it sends.
    if (!source) {
      setState({ settled: true })
      return
    }
    load(source).then(
      (fields) => live && setState({ fields, settled: true }),
      () => live && setState({ settled: true }),
    )
    return () => {
      live = false
    }
  }, [load, source])
  return state
}

/**
 * The top-level field an input belongs to, by its id: root_segments_0_material_id is in
 * "segments". Names may hold underscores themselves, so the longest that fits wins.
 */
function topField(id: string, fields: string[]): string {
  const path = id.replace(/^root_/, '')
  return fields.filter((name) => path === name || path.startsWith(`${name}_`)).sort((a, b) => b.length - a.length)[0] ?? path
}

function mergeErrors(...all: (ErrorSchema | undefined)[]): ErrorSchema | undefined {
  const present = all.filter((e): e is ErrorSchema => e !== undefined)
  return present.length === 0 ? undefined : (Object.assign({}, ...present) as ErrorSchema)
}

/** The top-level field an error is about: ".name" and "['name']" are "name" (a required one too). */
function errorField(error: RJSFValidationError): string {
  return (error.property ?? '').match(/^\.?\[?'?([^.[\]']+)/)?.[1] ?? ''
}

/** Only the fields the form shows: a record read back has id, timestamps and more. */
function pick(values: Record<string, unknown>, schema: JsonSchema): Record<string, unknown> {
  const fields = Object.keys((schema.properties as object) ?? {})
  return Object.fromEntries(Object.entries(values).filter(([k, v]) => fields.includes(k) && v !== null))
}

/** The server's field errors where their fields are, however deep (/segments/0/material_id). */
function toErrorSchema(error: ApiError): ErrorSchema | undefined {
  if (!error?.fieldErrors?.length) return undefined
  const out: Record<string, unknown> = {}
  for (const { path, message } of error.fieldErrors) {
    const tokens = path.replace(/^\//, '').split('/').filter(Boolean).map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
    let node = out
    for (const token of tokens.length > 0 ? tokens : ['__form']) node = (node[token] ??= {}) as Record<string, unknown>
    ;((node.__errors ??= []) as string[]).push(message)
  }
  return out as ErrorSchema
}
