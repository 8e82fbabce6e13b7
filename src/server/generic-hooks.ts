import type { GenericHooks } from './engine/generic-handlers'
import { sanitizeRichTextFields } from './content/rich-text'
import { assertNotInUse } from './tasks/uses'
import { removeOwnedFiles } from './uploads/file-store'

/** What the generic handlers do besides their own work, each from the part of the server it belongs to. */
export const genericHooks: GenericHooks = {
  prepareBody: [sanitizeRichTextFields],
  beforeDelete: [assertNotInUse],
  afterDelete: [removeOwnedFiles],
}
