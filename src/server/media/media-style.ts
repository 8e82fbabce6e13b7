import type { Endpoints } from '../../generated/types'
import type { ClipPlan, ClipTitle } from './clip-plan'
import { transitionsAt, type TransitionChoice } from './transitions'

/** The fields of schemas/shared/media.json as a form sends them (every video-making kind has the same). */
type SubtitleStyleInput = Endpoints['task/submit_clip']['body']['subtitle_style']
type TitleInput = Endpoints['task/submit_clip']['body']['title_overlay']

/** A font as a render names it: its family, and for a library font the file that holds it (creation/font.ts). */
export interface PlanFont {
  family: string
  file?: string
}

/** The form's subtitle style as the media layer draws it, in the font its font field named. */
export function subtitleStyle(style: SubtitleStyleInput, font?: PlanFont): Omit<NonNullable<ClipPlan['subtitles']>, 'cues'> {
  return {
    font: font?.family ?? style?.font ?? 'Noto Sans CJK SC',
    size: style?.font_size ?? 48,
    color: style?.color ?? '#ffffff',
    outlineColor: style?.outline_color ?? '#000000',
    outline: style?.outline ?? 2,
    position: style?.position ?? 'bottom',
    ...(style?.position === 'custom' ? { heightPercent: style.height_percent ?? 10 } : {}),
    ...(style?.box ? { box: { color: style.box_color ?? '#000000', opacity: style.box_opacity ?? 0.6 } } : {}),
  }
}

/** The title over the first seconds, when the form gives one. */
export function titleOf(title: TitleInput, font?: string): ClipTitle | undefined {
  const text = title?.text?.trim()
  if (!text) return undefined
  return { text, seconds: title?.seconds ?? 3, size: title?.font_size ?? 72, color: title?.color ?? '#ffffff', ...(font ? { font } : {}) }
}

/** The transition a plan of `segments` pieces uses: none, the one asked for at each join, or one drawn at each for "random". */
export function transitionOf(choice: TransitionChoice | undefined, seconds: number | undefined, segments: number, random: () => number = Math.random): ClipPlan['transition'] {
  const kind = transitionsAt(choice ?? 'none', segments - 1, random)
  return kind === 'none' ? undefined : { kind, seconds: seconds ?? 0.5 }
}
