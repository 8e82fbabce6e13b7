import { useState } from 'react'
import { Button, Checkbox, ColorPicker, Flex, Input, Radio } from 'antd'
import { BulbOutlined } from '@ant-design/icons'
import type { WidgetProps } from '@rjsf/utils'
import { useTranslate } from '../i18n/translate'
import { RelationWidget } from './RelationWidget'
import { ImageWidget } from './ImageWidget'
import { RichTextWidget } from './RichTextWidget'
import { MaterialWidget } from './MaterialWidget'
import { ScriptWidget } from './ScriptWidget'
import { TitleWidget } from './TitleWidget'
import { useAssistants } from '../ai/useAssistants'
import { AiTitleIdeas } from '../ai/AiTitleIdeas'
import { normalizeMoney } from './money-input'
import { PasswordInput } from './PasswordInput'
import { TransitionWidget } from './TransitionWidget'
import { VoiceWidget } from './VoiceWidget'
import { FontWidget } from './FontWidget'
import { RequiredSelectWidget } from './RequiredSelectWidget'

/** Yuan with two decimals, labelled with the currency; "300" becomes "300.00" when the field is left. */
export function MoneyWidget({ id, value, onChange, onBlur, disabled, readonly }: WidgetProps) {
  const t = useTranslate()
  return (
    <Input
      id={id}
      value={value ?? ''}
      inputMode="decimal"
      addonAfter={t('money.currency')}
      disabled={disabled || readonly}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={(e) => {
        const normalized = normalizeMoney(e.target.value)
        if (normalized !== e.target.value) onChange(normalized)
        onBlur(id, normalized)
      }}
      style={{ width: '100%' }}
    />
  )
}

/** The platform's 0/1 switches as a yes/no choice. */
export function FlagWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  const t = useTranslate()
  return (
    <Radio.Group id={id} value={value} disabled={disabled || readonly} onChange={(e) => onChange(e.target.value)} optionType="button">
      <Radio value={1}>{t('value.yes')}</Radio>
      <Radio value={0}>{t('value.no')}</Radio>
    </Radio.Group>
  )
}

/**
 * A true/false field: the checkbox alone, in the field column, named by the field's label in
 * the label column (SchemaForm's FieldTemplate), as every other field is.
 */
export function CheckboxWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, autofocus }: WidgetProps) {
  return (
    <Checkbox
      id={id}
      checked={value === true}
      autoFocus={autofocus}
      disabled={disabled || readonly}
      onChange={(e) => onChange(e.target.checked)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  )
}

/** A secret, hidden as it is typed, with a button to show it. */
export function PasswordWidget({ id, value, onChange, onBlur, disabled, readonly, autofocus, placeholder }: WidgetProps) {
  return (
    <PasswordInput
      id={id}
      value={value ?? ''}
      placeholder={placeholder}
      autoComplete="new-password"
      autoFocus={autofocus}
      disabled={disabled || readonly}
      onChange={(e) => onChange(e.target.value)}
      onBlur={() => onBlur(id, value)}
      style={{ width: 360, maxWidth: '100%' }}
    />
  )
}

/**
 * A list of short texts (a slot's caption lines, a plan's titles) as one text box, a line for
 * each: typed and pasted as a list is written, without a button per line. Post titles
 * (items "x-widget": "post-title") may also be added from the AI writer's ideas.
 */
export function LinesWidget({ id, value, onChange, onBlur, disabled, readonly, placeholder, schema }: WidgetProps) {
  const t = useTranslate()
  const [text, setText] = useState(() => (Array.isArray(value) ? (value as unknown[]).map(String) : []).join('\n'))
  const write = (next: string) => {
    setText(next)
    onChange(next.split('\n').map((line) => line.trim()).filter(Boolean))
  }
  const items = schema.items as { 'x-widget'?: unknown; maxLength?: number } | undefined
  const box = (
    <Input.TextArea
      id={id}
      value={text}
      placeholder={placeholder || t('form.onePerLine')}
      autoSize={{ minRows: 2, maxRows: 8 }}
      disabled={disabled || readonly}
      onChange={(e) => write(e.target.value)}
      onBlur={() => onBlur(id, value)}
    />
  )
  if (items?.['x-widget'] !== 'post-title' || readonly) return box
  return (
    <Flex vertical gap={8} align="flex-start" style={{ width: '100%' }}>
      {box}
      <AiTitlesButton disabled={disabled} maxLength={items.maxLength} onUse={(title) => write(text.trim() ? `${text.trimEnd()}\n${title}` : title)} />
    </Flex>
  )
}

/** "Titles with AI", when an AI writer is set up: each idea used is added as a line, and the dialog stays for more. */
function AiTitlesButton({ disabled, maxLength, onUse }: { disabled?: boolean; maxLength?: number; onUse: (title: string) => void }) {
  const t = useTranslate()
  const [asking, setAsking] = useState(false)
  if (useAssistants().data?.writer_ready !== true) return null
  return (
    <>
      <Button icon={<BulbOutlined />} disabled={disabled} onClick={() => setAsking(true)}>
        {t('ai.titles')}
      </Button>
      {asking ? <AiTitleIdeas initial="" maxLength={maxLength} onClose={() => setAsking(false)} onUse={onUse} /> : null}
    </>
  )
}

/** A colour (#rrggbb) chosen from a picker, its code beside it. */
export function ColorWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  return (
    <ColorPicker
      value={typeof value === 'string' && value ? value : undefined}
      disabledAlpha
      disabled={disabled || readonly}
      onChange={(color) => onChange(color.toHexString())}
    >
      {/* A button of its own, so the field's label points at something a keyboard reaches. */}
      <Button id={id} icon={<span aria-hidden style={{ display: 'inline-block', width: 16, height: 16, borderRadius: 4, border: '1px solid rgba(0,0,0,0.15)', background: typeof value === 'string' ? value : undefined }} />}>
        {typeof value === 'string' ? value : ''}
      </Button>
    </ColorPicker>
  )
}

// CheckboxWidget replaces the theme's, which writes the label beside the box, for every boolean field.
export const formWidgets = { CheckboxWidget, SelectWidget: RequiredSelectWidget, image: ImageWidget, money: MoneyWidget, flag: FlagWidget, relation: RelationWidget, material: MaterialWidget, script: ScriptWidget, 'post-title': TitleWidget, password: PasswordWidget, richText: RichTextWidget, lines: LinesWidget, color: ColorWidget, transition: TransitionWidget, voice: VoiceWidget, font: FontWidget }
