import type { Registry } from '../schema/types'

/**
 * The context's registry until the schema files come. Nothing on a page opened before signing
 * in (the login page, the batch-authorization page) reads it before (schemasLoaded says when it
 * may), so it holds nothing, not even the standard endpoints the console's empty registry has:
 * the code that assembles registries loads with the files.
 */
export const NO_SCHEMAS: Registry = {
  entities: new Map(),
  tasks: new Map(),
  configGroups: new Map(),
  endpoints: new Map(),
  resources: new Map(),
  navigation: { defaultRoute: '', openRoutes: [], groups: [] },
  schemas: {},
}
