import { useEffect, useMemo, useState } from 'react'
import { Button, Flex } from 'antd'
import Form from '@rjsf/antd'
import type { ErrorSchema } from '@rjsf/utils'
import { useTranslate } from '@refinedev/core'
import type { JsonSchema } from '../../schema/types'
import type { ApiError } from '../providers/ApiError'
import { useConsole } from '../ConsoleContext'
import { formValidator, localizeErrors } from './form-validator'
import type { FieldValidators } from './field-validators'
import { formWidgets } from './widgets'

export interface SchemaFormProps {
  schema: JsonSchema
  uiSchema: JsonSchema
  initial?: Record<string, unknown>
  saving: boolean
  /** Rejects with an ApiError whose field errors are shown on their fields. */
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>
  /** The submit button's words when the form does not save (an export); Save otherwise. */
  submitLabel?: string
}

/** A react-jsonschema-form over a schema of the schema files, with the server's field errors mapped back onto it. */
export function SchemaForm({ schema, uiSchema, initial, saving, onSubmit, submitLabel }: SchemaFormProps) {
  const t = useTranslate()
  const { locale, fieldValidators } = useConsole()
  const { fields, settled } = useFieldValidators(fieldValidators)
  const validator = useMemo(() => formValidator(fields), [fields])
  const [data, setData] = useState<Record<string, unknown>>(() => pick(initial ?? {}, schema))
  const [serverErrors, setServerErrors] = useState<ErrorSchema>()
  const transformErrors = useMemo(() => localizeErrors(schema, locale), [schema, locale])
  // Titles of the records the edited one points to, for relation widgets to show before any search.
  const formContext = useMemo(() => ({ titles: initial?._titles }), [initial])

  return (
    <Form
      schema={schema as never}
      uiSchema={uiSchema as never}
      formData={data}
      validator={validator}
      widgets={formWidgets}
      formContext={formContext}
      transformErrors={transformErrors}
      extraErrors={serverErrors}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      onChange={(e) => {
        setData(e.formData as Record<string, unknown>)
        setServerErrors(undefined)
      }}
      onSubmit={(e) => {
        onSubmit(e.formData as Record<string, unknown>).catch((error: ApiError) => setServerErrors(toErrorSchema(error)))
      }}
    >
      <Flex justify="flex-end">
        {/* Sent only once the form can check itself: its first opening loads the validators. */}
        <Button type="primary" htmlType="submit" loading={saving} disabled={!settled}>
          {submitLabel ?? t('buttons.save')}
        </Button>
      </Flex>
    </Form>
  )
}

/**
 * The forms' validators once loaded, and whether loading is over. A form whose validators
 * could not be loaded is settled too: the server checks what it is sent.
 */
function useFieldValidators(load: () => Promise<FieldValidators>): { fields?: FieldValidators; settled: boolean } {
  const [state, setState] = useState<{ fields?: FieldValidators; settled: boolean }>({ settled: false })
  useEffect(() => {
    let live = true
    load().then(
      (fields) => live && setState({ fields, settled: true }),
      () => live && setState({ settled: true }),
    )
    return () => {
      live = false
    }
  }, [load])
  return state
}

/** Only the fields the form shows: a record read back has id, timestamps and more. */
function pick(values: Record<string, unknown>, schema: JsonSchema): Record<string, unknown> {
  const fields = Object.keys((schema.properties as object) ?? {})
  return Object.fromEntries(Object.entries(values).filter(([k, v]) => fields.includes(k) && v !== null))
}

function toErrorSchema(error: ApiError): ErrorSchema | undefined {
  if (!error?.fieldErrors?.length) return undefined
  const out: Record<string, { __errors: string[] }> = {}
  for (const { path, message } of error.fieldErrors) {
    const field = path.replace(/^\//, '').split('/')[0] || '__form'
    ;(out[field] ??= { __errors: [] }).__errors.push(message)
  }
  return out as ErrorSchema
}
