import { Image, Input, Radio, Space } from 'antd'
import type { WidgetProps } from '@rjsf/utils'
import { useTranslate } from '@refinedev/core'
import { RelationWidget } from './RelationWidget'
import { RichTextWidget } from './RichTextWidget'

/** An image by URL, with a preview (uploads come through the upload endpoint once it exists). */
export function ImageWidget({ id, value, onChange, disabled, readonly, placeholder }: WidgetProps) {
  return (
    <Space align="start">
      <Input id={id} value={value ?? ''} placeholder={placeholder || 'https://'} disabled={disabled || readonly} onChange={(e) => onChange(e.target.value)} style={{ width: 360 }} />
      {value ? <Image src={value} width={32} height={32} style={{ objectFit: 'contain' }} alt="" /> : null}
    </Space>
  )
}

/** Yuan with two decimals, labelled with the currency. */
export function MoneyWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  const t = useTranslate()
  return <Input id={id} value={value ?? ''} inputMode="decimal" addonAfter={t('money.currency')} disabled={disabled || readonly} onChange={(e) => onChange(e.target.value)} style={{ width: 220 }} />
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

/** A secret, hidden as it is typed, with a button to show it. */
export function PasswordWidget({ id, value, onChange, disabled, readonly, autofocus }: WidgetProps) {
  return <Input.Password id={id} value={value ?? ''} autoComplete="new-password" autoFocus={autofocus} disabled={disabled || readonly} onChange={(e) => onChange(e.target.value)} style={{ width: 360 }} />
}

export const formWidgets = { image: ImageWidget, money: MoneyWidget, flag: FlagWidget, relation: RelationWidget, password: PasswordWidget, richText: RichTextWidget }
