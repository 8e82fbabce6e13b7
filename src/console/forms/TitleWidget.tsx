import { useState } from 'react'
import { Button, Flex, Input } from 'antd'
import { BulbOutlined } from '@ant-design/icons'
import type { WidgetProps } from '@rjsf/utils'
import { useTranslate } from '../i18n/translate'
import { useAssistants } from '../ai/useAssistants'
import { AiTitleIdeas } from '../ai/AiTitleIdeas'

/**
 * A post's title ("x-widget": "post-title"): typed, or picked from titles the AI writer makes
 * in the style of one that did well, when an AI writer is set up.
 */
export function TitleWidget({ id, value, onChange, onBlur, disabled, readonly, schema, placeholder }: WidgetProps) {
  const t = useTranslate()
  const [asking, setAsking] = useState(false)
  const writer = useAssistants().data?.writer_ready === true
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined
  const text = typeof value === 'string' ? value : ''
  return (
    <Flex gap={8}>
      <Input id={id} value={text} maxLength={maxLength} placeholder={placeholder} disabled={disabled || readonly} onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)} onBlur={() => onBlur(id, value)} />
      {writer && !readonly ? (
        <Button icon={<BulbOutlined />} disabled={disabled} onClick={() => setAsking(true)}>
          {t('ai.titles')}
        </Button>
      ) : null}
      {asking ? (
        <AiTitleIdeas
          initial={text}
          maxLength={maxLength}
          onClose={() => setAsking(false)}
          onUse={(title) => {
            onChange(title)
            setAsking(false)
          }}
        />
      ) : null}
    </Flex>
  )
}
