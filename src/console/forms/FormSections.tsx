import { Divider, Typography } from 'antd'
import type { ObjectFieldTemplateProps } from '@rjsf/utils'
import { SECTIONS_OPTION, type SectionLayout } from './form-schema'

/**
 * The fields of a form's object, one under another; at the form's root, under the titles of
 * the sections the resource file declares (form.sections), with any field of no section last.
 */
export function FormSections({ properties, uiSchema, fieldPathId, title, description }: ObjectFieldTemplateProps) {
  const shown = properties.filter((property) => !property.hidden)
  const options = uiSchema?.['ui:options'] as Record<string, unknown> | undefined
  const root = fieldPathId.$id === 'root'
  const sections = root ? (options?.[SECTIONS_OPTION] as SectionLayout[] | undefined) : undefined
  if (!sections) {
    // An object inside the form (a subtitle style) is a group under its own title; an array's item is titled by its array.
    return (
      <fieldset id={fieldPathId.$id} aria-label={!root && title ? title : undefined}>
        {!root && title ? (
          <Divider orientation="left" orientationMargin={0} style={{ marginTop: 8 }}>
            {title}
          </Divider>
        ) : null}
        {!root && description ? <Typography.Paragraph type="secondary">{description}</Typography.Paragraph> : null}
        {shown.map((property) => property.content)}
      </fieldset>
    )
  }
  const byName = new Map(shown.map((property) => [property.name, property.content]))
  const placed = new Set(sections.flatMap((section) => section.fields))
  return (
    <fieldset id={fieldPathId.$id}>
      {sections.map((section) => (
        <section key={section.title} aria-label={section.title}>
          <Divider orientation="left" orientationMargin={0} style={{ marginTop: 8 }}>
            {section.title}
          </Divider>
          {section.fields.map((name) => byName.get(name))}
        </section>
      ))}
      {shown.filter((property) => !placed.has(property.name)).map((property) => property.content)}
    </fieldset>
  )
}
