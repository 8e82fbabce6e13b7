import { useState } from 'react'
import { Button, Flex, Select } from 'antd'
import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons'
import type { WidgetProps } from '@rjsf/utils'
import { useEndpointAnswer } from '../providers/useEndpointAnswer'
import { useTranslate } from '../i18n/translate'
import { useConsole } from '../ConsoleContext'
import type { VoiceCloneVoicesResponse } from '../../generated/types'
import { fetchPlayable, useSoundPreview } from './useSoundPreview'
import { speechSample } from './speech-sample'

const VOICES = 'voice_clone/voices'
const SPEAK = 'voice_clone/speak'

/** "en-us+f3" → its voice and its variant. */
function split(value: string): { base: string; variant: string } {
  const [base = '', variant = ''] = value.split('+')
  return { base, variant }
}

/**
 * A voice field ("x-widget": "voice"): one list of every voice that can read it, espeak-ng's
 * voices on the platform's machines (grouped by language, the form's language first) and the
 * person's own cloned voices; beside a local voice, its variant (who seems to speak); and a
 * button that plays a sentence in the chosen voice at once, at the form's speed and pitch.
 */
export function VoiceWidget({ id, value, onChange, onBlur, disabled, readonly, registry: form }: WidgetProps) {
  const t = useTranslate()
  const { locale, http, registry } = useConsole()
  const fieldValue = (form.formContext as { fieldValue?: (name: string) => unknown } | undefined)?.fieldValue
  const speak = registry.endpoints.get(SPEAK)
  const { data: voices, isLoading } = useEndpointAnswer<VoiceCloneVoicesResponse>(VOICES)
  const current = typeof value === 'string' && value ? value : 'cmn'
  const { base, variant } = split(current)
  const clone = current.startsWith('clone:')
  const formLanguage = String(fieldValue?.('language') ?? locale).startsWith('en') ? 'en' : 'zh'
  const languages = formLanguage === 'en' ? (['en', 'zh'] as const) : (['zh', 'en'] as const)
  const groups = [
    ...languages.map((language) => ({
      label: t(`voice.group.${language}`),
      options: (voices?.local ?? []).filter((v) => v.language === language).map((v) => ({ value: v.id, label: v.label })),
    })),
    ...(voices && voices.clones.length > 0 ? [{ label: t('voice.group.clones'), options: voices.clones.map((c) => ({ value: c.id, label: c.provider === 'local' ? `${c.label} · ${t('voice.notClone')}` : `${c.label} · ${c.provider}` })) }] : []),
  ]
  // A value the list does not hold (the default before the list arrives) still shows as itself.
  const known = groups.some((g) => g.options.some((o) => o.value === (clone ? current : base)))

  const [problem, setProblem] = useState<string>()
  const sound = useSoundPreview(setProblem, t('voice.previewFailed'))
  const playing = sound.playing !== undefined
  const language = clone ? formLanguage : (voices?.local.find((v) => v.id === base)?.language ?? (base.startsWith('en') ? 'en' : 'zh'))
  const play = () => {
    setProblem(undefined)
    const text = speechSample(language)
    const query = clone ? { id: Number(current.slice('clone:'.length)), text, lang: locale } : { voice: current, speed: fieldValue?.('speed'), pitch: fieldValue?.('pitch'), text, lang: locale }
    sound.toggle('voice', async () => fetchPlayable(await http.downloadUrl(speak!.path, Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''))), locale))
  }

  return (
    <Flex vertical gap={4} style={{ width: '100%' }}>
      <Flex gap={8} wrap align="center">
        <Select
          id={id}
          value={clone ? current : base}
          options={known ? groups : [{ label: '', options: [{ value: clone ? current : base, label: clone ? current : base }] }, ...groups]}
          loading={isLoading}
          showSearch
          optionFilterProp="label"
          disabled={disabled || readonly}
          onChange={(next: string) => onChange(next.startsWith('clone:') ? next : variant ? `${next}+${variant}` : next)}
          onBlur={() => onBlur(id, value)}
          style={{ flex: '2 1 220px', minWidth: 0 }}
        />
        {clone ? null : (
          <Select
            aria-label={t('voice.variant')}
            value={variant}
            options={[{ value: '', label: t('voice.variantDefault') }, ...(voices?.variants ?? []).map((v) => ({ value: v.id, label: v.label }))]}
            showSearch
            optionFilterProp="label"
            disabled={disabled || readonly}
            onChange={(next: string) => onChange(next ? `${base}+${next}` : base)}
            style={{ flex: '1 1 160px', minWidth: 0 }}
          />
        )}
        <Button icon={playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />} onClick={play} disabled={disabled || !speak}>
          {playing ? t('voice.stop') : t('voice.listen')}
        </Button>
        {sound.audio}
      </Flex>
      {problem ? (
        <span role="alert" className="ant-form-item-explain-error">
          {problem}
        </span>
      ) : null}
    </Flex>
  )
}
