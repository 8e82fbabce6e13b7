import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSchemaFiles } from '../../schema/load-files'
import { createRegistry } from '../../schema/registry'
import type { JsonSchema } from '../../schema/types'
import { formDefinition } from './form-schema'
import { formValidator, localizeErrors } from './form-validator'
import { fieldValidatorsOf } from '../../../tests/support/field-validators'
import type { FormSource } from '../../schema/form-fields'

const registry = createRegistry(readSchemaFiles(resolve(__dirname, '../../../schemas')))
const fieldValidators = fieldValidatorsOf(registry)

/** The messages the domain form shows for `values`, by field, as rjsf reports them, with the validators the server compiles. */
async function formErrors(values: Record<string, unknown>, locale: 'zh-CN' | 'en-US'): Promise<Record<string, string[]>> {
  const { schema } = formDefinition(registry, registry.resources.get('domain')!, 'create', locale)
  const { errors } = formValidator(await fieldValidators(schema.$id as FormSource)).validateFormData({ host: 'console.example.com', name: 'Example', ...values }, schema as never, undefined, localizeErrors(schema as JsonSchema, locale))
  const out: Record<string, string[]> = {}
  for (const error of errors) (out[error.property ?? ''] ??= []).push(error.message ?? '')
  return out
}

describe('the console form refuses what the server refuses', () => {
  it('names a missing required field, before anything else is known of the form', () => {
    const { schema } = formDefinition(registry, registry.resources.get('domain')!, 'create', 'en-US')
    const { errors } = formValidator(undefined).validateFormData({ host: 'console.example.com' }, schema as never, undefined, localizeErrors(schema as JsonSchema, 'en-US'))
    expect(errors.map((e) => [e.property, e.message])).toEqual([['name', 'Site name cannot be empty']])
  })

  it('a blank name and a logo address no browser should open, in both locales', async () => {
    expect(await formErrors({ name: '\u3000 ', logo: 'javascript:alert(1)' }, 'en-US')).toEqual({
      '.name': ['Site name cannot be blank: spaces alone are not a value'],
      '.logo': ['Logo must be an address starting with https:// or http://, or an uploaded file (/uploads/…), with no spaces'],
    })
    expect(await formErrors({ name: ' ', logo: '//evil.example/x.png' }, 'zh-CN')).toEqual({
      '.name': ['站点名称不能只有空格或空白字符'],
      '.logo': ['Logo必须是以 https:// 或 http:// 开头的地址，或已上传的文件（/uploads/…），且不能含空格'],
    })
  })

  it('takes an https address, an uploaded file and a name with spaces around it', async () => {
    expect(await formErrors({ name: ' Example ', logo: 'https://cdn.example.com/logo.png' }, 'en-US')).toEqual({})
    expect(await formErrors({ logo: '/uploads/2026-11/0123456789abcdef0123456789abcdef.png' }, 'en-US')).toEqual({})
  })
})
