import { createContext, useContext } from 'react'
import type { Locale, Registry } from '../schema/types'
import type { HttpClient } from './providers/http-client'
import type { Branding } from './branding/useBranding'
import type { FirstPageCache } from './resources/first-page'
import type { FieldValidatorsLoader } from './forms/field-validators'

export interface ConsoleContextValue {
  /** Empty until the schema files have arrived, which only the login page is shown without. */
  registry: Registry
  /** Whether `registry` holds the schema files yet: the login page works before, and offers what needs them after. */
  schemasLoaded: boolean
  http: HttpClient
  /** The forms' validators, compiled by the server; loaded by the first form that asks. */
  fieldValidators: FieldValidatorsLoader
  branding?: Branding
  locale: Locale
  changeLocale: (locale: Locale) => Promise<void>
  /** Read the signed-in account's profile again (after it changed its own). */
  forgetIdentity: () => void
  /** The list page prefetched at start, handed to the list that shows it; none on the login page opened first (LoginApp), which has no lists. */
  firstPage?: FirstPageCache
}

export const ConsoleContext = createContext<ConsoleContextValue | null>(null)

/** The registry, HTTP client, branding and locale, for pages that need more than Refine's hooks give. */
export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext)
  if (!value) throw new Error('useConsole() must be used inside <ConsoleApp> or <LoginApp>.')
  return value
}

/** Text of a schema label in the current locale. */
export function useLabel(): (label: Partial<Record<Locale, string>> | undefined, fallback: string) => string {
  const { locale } = useConsole()
  return (label, fallback) => label?.[locale] ?? label?.['en-US'] ?? fallback
}
