import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { RuleObject } from 'antd/es/form'
import { readSchemaFiles } from '../../schema/load-files'
import { createRegistry } from '../../schema/registry'
import { endpointForm } from './form-schema'
import { schemaRules } from './schema-rules'
import { fieldValidatorsOf } from '../../../tests/support/field-validators'

const registry = createRegistry(readSchemaFiles(resolve(__dirname, '../../../schemas')))
const fieldValidators = fieldValidatorsOf(registry)

/** What the field's rule says about a value: its message, or undefined when the value passes. */
async function verdict(locale: 'zh-CN' | 'en-US', field: string, value: unknown): Promise<string | undefined> {
  const rule = schemaRules(endpointForm(registry, 'platform/reset_pwd', locale).schema, locale, fieldValidators)(field)[0] as RuleObject
  try {
    await rule.validator!(rule, value, () => undefined)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

describe('schemaRules', () => {
  it.each([
    ['en-US', 'code', undefined, 'Code cannot be empty'],
    ['en-US', 'code', '', 'Code cannot be empty'],
    ['en-US', 'code', '123', 'Code must be at least 6 characters'],
    ['en-US', 'code', '12a456', 'Code contains characters that are not allowed'],
    ['en-US', 'code', '123456', undefined],
    ['zh-CN', 'code', '123', '验证码至少需要 6 个字符'],
    ['en-US', 'new_password', 'short', 'New password must be at least 8 characters'],
    ['zh-CN', 'account', '', '用户名 / 手机号 / 邮箱不能为空'],
    ['en-US', 'account', '  ', 'Username, mobile or e-mail cannot be blank: spaces alone are not a value'],
  ] as const)('%s %s %j → %s', async (locale, field, value, expected) => {
    expect(await verdict(locale, field, value)).toBe(expected)
  })
})
