import type { Format } from 'ajv/dist/types/index.js'
import { isMediaUrl, MEDIA_URL_FORMAT } from './media-url'

/** Money on the wire: yuan as a decimal string with two places, e.g. "12.50". */
export const MONEY_PATTERN = /^-?(0|[1-9]\d{0,12})\.\d{2}$/

/** The formats our schema files add to ajv-formats' own, for the server's ajv and the console's compiled validators alike. */
export const SCHEMA_FORMATS: Record<string, Format> = {
  money: MONEY_PATTERN,
  [MEDIA_URL_FORMAT]: { type: 'string', validate: isMediaUrl },
}
