import { createContext, useContext, useMemo } from 'react'
import type { I18nProvider } from '@refinedev/core'

/**
 * The console's translations for its own components, given by ConsoleApp (the same provider
 * Refine has) and by LoginApp. Refine's useTranslate reads Refine's context, which lives in
 * Refine's single module: importing it would bring all of Refine to the login page opened first.
 */
export const TranslateContext = createContext<Translation | undefined>(undefined)

/** A new one for each locale, so that every component that translates renders again when it changes. */
export interface Translation {
  provider: I18nProvider
  locale: string
}

export type Translate = (key: string, options?: unknown, defaultMessage?: string) => string

/** Refine's useTranslate, the same answers and fallbacks, on TranslateContext. */
export function useTranslate(): Translate {
  const translation = useContext(TranslateContext)
  return useMemo(
    () => (key: string, options?: unknown, defaultMessage?: string) =>
      translation?.provider.translate(key, options, defaultMessage) ?? defaultMessage ?? (typeof options === 'string' && defaultMessage === undefined ? options : key),
    [translation],
  )
}
