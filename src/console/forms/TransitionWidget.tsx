import { Flex, Select } from 'antd'
import type { WidgetProps } from '@rjsf/utils'
import { useTranslate } from '../i18n/translate'
import { useConsole } from '../ConsoleContext'
import { API_BASE } from '../providers/http-client'

const PREVIEW = 'material/transition_preview'

/**
 * A transition ("x-widget": "transition"): one of some fifty, found by typing part of its
 * name, and the one chosen playing beside it, a test pattern giving way to colour bars, as
 * ffmpeg makes it on the server.
 */
export function TransitionWidget({ id, value, onChange, onBlur, disabled, readonly, options }: WidgetProps) {
  const t = useTranslate()
  const { registry } = useConsole()
  const endpoint = registry.endpoints.get(PREVIEW)
  const choices = ((options.enumOptions ?? []) as { value: unknown; label: string }[]).map((o) => ({ value: String(o.value), label: o.label }))
  const name = typeof value === 'string' ? value : ''
  const shown = endpoint && name && name !== 'none' && name !== 'random'
  const label = choices.find((o) => o.value === name)?.label ?? name
  return (
    <Flex gap={12} align="center" wrap>
      <Select
        id={id}
        value={name || undefined}
        options={choices}
        showSearch
        optionFilterProp="label"
        disabled={disabled || readonly}
        onChange={(next: string) => onChange(next)}
        onBlur={() => onBlur(id, value)}
        style={{ flex: '1 1 200px', minWidth: 0 }}
      />
      {shown ? (
        <video
          key={name}
          className="transition-preview"
          src={`${API_BASE}${endpoint.path}?name=${encodeURIComponent(name)}`}
          width={160}
          height={90}
          autoPlay
          muted
          loop
          playsInline
          aria-label={t('transition.preview', { name: label })}
          style={{ borderRadius: 4, background: '#000', flex: 'none' }}
        />
      ) : null}
    </Flex>
  )
}
