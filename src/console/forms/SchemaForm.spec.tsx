import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConsoleContext, type ConsoleContextValue } from '../ConsoleContext'
import { objectForm } from './form-schema'
import { SchemaForm } from './SchemaForm'
import { createAjv } from '../../schema/ajv'
import { fieldValidatorName, type FormSource } from '../../schema/form-fields'
import type { JsonSchema } from '../../schema/types'
import type { FieldValidators } from './field-validators'

const label = (en: string) => ({ 'zh-CN': en, 'en-US': en })
const SOURCE: FormSource = 'body:test/account'
const form = objectForm(
  {
    $id: SOURCE,
    type: 'object',
    properties: {
      username: { type: 'string', minLength: 1, maxLength: 64, 'x-label': label('Username') },
      name: { type: 'string', minLength: 1, maxLength: 64, 'x-label': label('Name') },
      mobile: { type: 'string', maxLength: 5, 'x-label': label('Mobile') },
    },
    required: ['username', 'name'],
  },
  'en-US',
)

/** Each field's validator, as the server compiles them for the console (server/forms). */
const ajv = createAjv({ verbose: true })
const validators: FieldValidators = Object.fromEntries(
  Object.entries(form.schema.properties as Record<string, JsonSchema>).map(([field, schema]) => [fieldValidatorName(SOURCE, field), ajv.compile(schema)]),
)

function mount(onSubmit = vi.fn(async () => undefined)) {
  render(
    <ConsoleContext.Provider value={{ locale: 'en-US', fieldValidators: async () => validators } as unknown as ConsoleContextValue}>
      <SchemaForm schema={form.schema} uiSchema={form.uiSchema} saving={false} onSubmit={onSubmit} />
    </ConsoleContext.Provider>,
  )
  return onSubmit
}

/** The fields marked in error, by label (a message leaving is animated, so it lingers in the page a while). */
const inError = () => [...document.querySelectorAll('.ant-form-item-has-error label')].map((e) => e.textContent)
const input = (id: string) => document.getElementById(`root_${id}`) as HTMLInputElement

afterEach(cleanup)

describe('SchemaForm field errors', () => {
  it('says what is wrong with a field once the person leaves it, and nothing about fields not reached yet', async () => {
    mount()
    expect(inError()).toEqual([])
    await act(async () => {
      fireEvent.focus(input('username'))
      fireEvent.blur(input('username'))
    })
    expect(await screen.findByText('Username cannot be empty')).toBeTruthy()
    expect(inError()).toEqual(['Username'])

    await act(async () => {
      fireEvent.change(input('mobile'), { target: { value: '1380000' } })
      fireEvent.blur(input('mobile'))
    })
    expect(await screen.findByText('Mobile must be at most 5 characters')).toBeTruthy()
    expect(inError()).toEqual(['Username', 'Mobile'])

    // Put right and left again, the error goes.
    await act(async () => {
      fireEvent.focus(input('mobile'))
      fireEvent.change(input('mobile'), { target: { value: '138' } })
    })
    await act(async () => {
      fireEvent.blur(input('mobile'))
    })
    expect(inError()).toEqual(['Username'])
  })

  it('says it of every field once the person tries to save, and saves nothing', async () => {
    const onSubmit = mount()
    // Save waits for the validators to load.
    await act(async () => undefined)
    expect(screen.getByRole('button', { name: 'buttons.save' }).hasAttribute('disabled')).toBe(false)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'buttons.save' }))
    })
    expect(inError()).toEqual(['Username', 'Name'])
    expect(screen.getByText('Name cannot be empty')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
  })
})

describe('SchemaForm true/false fields', () => {
  const flags = objectForm(
    {
      $id: 'body:test/flags' satisfies FormSource,
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 64, 'x-label': label('Title') },
        published: { type: 'boolean', default: false, 'x-label': label('Published') },
      },
    },
    'en-US',
  )

  it('puts the label in the label column and the checkbox, with no words of its own, in the field column', async () => {
    const onSubmit = vi.fn(async () => undefined)
    render(
      <ConsoleContext.Provider value={{ locale: 'en-US', fieldValidators: async () => ({}) } as unknown as ConsoleContextValue}>
        <SchemaForm schema={flags.schema} uiSchema={flags.uiSchema} saving={false} onSubmit={onSubmit} />
      </ConsoleContext.Provider>,
    )
    const box = input('published')
    expect(box.type).toBe('checkbox')
    const row = box.closest('.ant-form-item-row')!
    const fieldLabel = row.querySelector(':scope > .ant-form-item-label label')
    expect(fieldLabel?.textContent).toBe('Published')
    expect(fieldLabel?.getAttribute('for')).toBe('root_published')
    expect(box.closest('.ant-form-item-control')).toBe(row.querySelector(':scope > .ant-form-item-control'))
    expect(box.closest('.ant-form-item-control')!.textContent).toBe('')
    // The same columns as a text field's.
    const textRow = input('title').closest('.ant-form-item-row')!
    expect(row.querySelector('.ant-form-item-label')!.getAttribute('style')).toBe(textRow.querySelector('.ant-form-item-label')!.getAttribute('style'))

    await act(async () => {
      fireEvent.click(box)
    })
    expect(box.checked).toBe(true)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'buttons.save' }))
    })
    expect(onSubmit).toHaveBeenCalledWith({ published: true })
  })
})
