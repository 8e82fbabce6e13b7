import type { Translate } from '../i18n/translate'
import { combinationCount } from './combinations'

/** What a submit page adds for one kind: figures beside the cost, and problems to fix before sending. */
export interface KindNote {
  figures: { title: string; value: number | string; suffix?: string }[]
  /** By top-level field, shown on it; the form is not sent while any remains. */
  problems?: Record<string, string>
}

/**
 * The few things a kind's form cannot say by its schema alone. A mixed cut makes each variant
 * from a different combination of clips, so the count it may ask for is known only from the
 * slots: shown before it is sent, and a count past it is marked on the field.
 */
export const KIND_NOTES: Record<string, (input: Record<string, unknown>, t: Translate) => KindNote> = {
  mixed_cut(input, t) {
    const possible = combinationCount(input.slots)
    const count = typeof input.count === 'number' ? input.count : 0
    const tooMany = possible > 0 && count > possible
    return {
      figures: [{ title: t('mixedCut.combinations'), value: possible }],
      ...(tooMany ? { problems: { count: t('mixedCut.tooMany', { max: possible }) } } : {}),
    }
  },
}
