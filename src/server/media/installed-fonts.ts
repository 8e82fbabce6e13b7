import type { Label } from '../../schema/types'
import { runProcess } from './run-ffmpeg'

/** A font family fontconfig finds on this machine, as a subtitle style names it. */
export interface InstalledFont {
  family: string
  label: Label
}

/** The fonts the README's packages install for Chinese and Latin alike, first in a list and named in both languages. */
const NAMED: Record<string, Label> = {
  'Noto Sans CJK SC': { 'zh-CN': '思源黑体', 'en-US': 'Noto Sans (sans-serif)' },
  'Noto Serif CJK SC': { 'zh-CN': '思源宋体', 'en-US': 'Noto Serif (serif)' },
  'Noto Sans Mono CJK SC': { 'zh-CN': '思源等宽', 'en-US': 'Noto Sans Mono (monospaced)' },
}

let installed: Promise<InstalledFont[]> | undefined

/**
 * Every family `fc-list` knows, read once a process: the named Noto fonts first, then the rest
 * by name. A font installed later is seen after a restart, as fontconfig's own cache is.
 */
export function installedFonts(): Promise<InstalledFont[]> {
  installed ??= runProcess('fc-list', [':', 'family']).then(
    ({ stdout }) => {
      // A line names a face's families, the first its usual one: "DejaVu Serif,DejaVu Serif Condensed".
      const families = new Set(stdout.split('\n').map((line) => line.split(',')[0]!.trim()).filter(Boolean))
      const named = Object.keys(NAMED).filter((family) => families.has(family))
      const rest = [...families].filter((family) => !NAMED[family]).sort((a, b) => a.localeCompare(b))
      return [...named, ...rest].map((family) => ({ family, label: NAMED[family] ?? { 'zh-CN': family, 'en-US': family } }))
    },
    () => [],
  )
  return installed
}

/** Whether subtitles can be drawn in this family here without a file of the person's own. */
export async function isInstalledFont(family: string): Promise<boolean> {
  return (await installedFonts()).some((font) => font.family === family)
}
