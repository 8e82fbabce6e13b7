import type { ReactNode } from 'react'
import { Select, Tag } from 'antd'
import type { WidgetProps } from '@rjsf/utils'
import { useTranslate } from '../i18n/translate'
import { useEndpointAnswer } from '../providers/useEndpointAnswer'
import type { MaterialFontsResponse } from '../../generated/types'
import './relation-option.css'

const FONTS = 'material/fonts'

/** An entry of the list: `text` is what search and the chosen field read. */
interface FontOption {
  value: string
  label: ReactNode
  text: string
}

/**
 * A font field ("x-widget": "font"): one list of the fonts subtitles can be drawn in, those
 * installed on the platform's machines and the font files of the person's materials and the
 * libraries shared with them, each of these shown by a few characters drawn in it.
 */
export function FontWidget({ id, value, onChange, onBlur, disabled, readonly }: WidgetProps) {
  const t = useTranslate()
  const { data: fonts, isLoading } = useEndpointAnswer<MaterialFontsResponse>(FONTS)
  const current = typeof value === 'string' && value ? value : undefined
  // The library first: a font someone kept for their videos is what they came to choose; the machine's list is long.
  const groups: { label: string; options: FontOption[] }[] = [
    ...(fonts && fonts.library.length > 0
      ? [
          {
            label: t('font.group.library'),
            options: fonts.library.map((f) => ({
              value: f.id,
              text: f.label,
              label: (
                <span className="relation-option">
                  {f.thumb_url ? <img className="relation-option-thumb font-option-sample" src={f.thumb_url} alt="" loading="lazy" /> : null}
                  <span className="relation-option-text">
                    <span className="relation-option-title">{f.label}</span>
                    {f.shared_by ? (
                      <span className="relation-option-facts">
                        <Tag className="relation-option-owner">{t('relation.sharedBy', { owner: f.shared_by })}</Tag>
                      </span>
                    ) : null}
                  </span>
                </span>
              ),
            })),
          },
        ]
      : []),
    { label: t('font.group.installed'), options: (fonts?.installed ?? []).map((f) => ({ value: f.id, label: f.label, text: f.label })) },
  ]
  const known = groups.some((g) => g.options.some((o) => o.value === current))
  return (
    <Select
      id={id}
      value={current}
      options={known || !current ? groups : [{ label: '', options: [{ value: current, label: current, text: current }] }, ...groups]}
      loading={isLoading}
      showSearch
      optionFilterProp="text"
      // The chosen font reads as its name in the field; the list shows its sample.
      labelRender={({ value: chosen }) => groups.flatMap((g) => g.options).find((o) => o.value === chosen)?.text ?? String(chosen ?? '')}
      disabled={disabled || readonly}
      onChange={(next: string) => onChange(next)}
      onBlur={() => onBlur(id, value)}
      style={{ width: '100%' }}
    />
  )
}
