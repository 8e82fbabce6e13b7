import { fullFormats } from 'ajv-formats/dist/formats.js'
import { SCHEMA_FORMATS } from '../../schema/formats'

/** The formats the server's ajv has: ajv-formats' and the schema files' own. */
export const VALIDATOR_FORMATS = { ...fullFormats, ...SCHEMA_FORMATS }
