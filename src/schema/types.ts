/** Types of the schema registry: what the files under schemas/ mean once loaded and checked. */

export type JsonSchema = { [keyword: string]: unknown }

export type Role = 'admin' | 'partner' | 'merchant' | 'agent'
/** Who may call an endpoint: a role or `*` for any signed-in account. */
export type ApiRole = Role | '*'
/** Who may open a console route; `developer` groups are hidden from the menu. */
export type RouteRole = ApiRole | 'developer'

export const ROLES: readonly Role[] = ['admin', 'partner', 'merchant', 'agent']
/** user_type of an account is the index of its role here. */
export function roleOfUserType(userType: number): Role | undefined {
  return ROLES[userType]
}

export type Locale = 'zh-CN' | 'en-US'
export type Label = Record<Locale, string>

/** A schema file as read from disk or bundled into the browser; `path` is relative to schemas/. */
export interface SchemaFile {
  path: string
  text: string
}

/** A schema file already parsed, as the console gets them from the server (which read and checked them). */
export interface ParsedSchemaFile {
  path: string
  json: JsonSchema
}

export type ColumnType = 'integer' | 'bigint' | 'double precision' | 'text'

export interface Column {
  name: string
  type: ColumnType
  /** How the value is carried on the wire. */
  wire: 'integer' | 'number' | 'string' | 'boolean' | 'json' | 'money'
  unique: boolean
  indexed: boolean
  /** x-index "prefix": also searched by its start, with an index that serves that on every database. */
  prefixIndexed: boolean
  /** x-index "contains": searched by any part of it, with a trigram index (db/contains-index.ts). */
  containsIndexed: boolean
  private: boolean
  readOnly: boolean
  /** The schema allows null (e.g. "type": ["integer", "null"]); otherwise a NULL is left out of the record. */
  nullable: boolean
  /** Stored lower-case: host names are case-insensitive, so Example.com and example.com are one value. */
  lowercase: boolean
  /** The schema default, returned when a row stored before the column existed holds NULL. */
  default?: unknown
  /** x-relation: the entity whose record id this field holds. */
  relation?: string
  /** "contentMediaType": "text/html": formatted text, sanitised by the server on every write. */
  richText: boolean
}

export interface EntityDef {
  name: string
  file: string
  table: string
  label?: Label
  /** Field holding the owning account's id; undefined when records are not scoped. */
  owner?: string
  /** On the account entity: the field holding the parent account. */
  parent?: string
  /** x-title: the field that names a record where another record points to it. */
  title?: string
  /** x-indexes: indexes over several columns, each in the order given. */
  indexes: string[][]
  /** x-tally: fields whose running count of records, by owner, the database keeps (see db/tally.ts). */
  tally?: string[]
  /** x-owns-files: its media-url fields, whose files were stored for this record alone and are removed with it. */
  ownedFiles?: string[]
  /** x-shared: the boolean field that, when true, offers a record read-only to every account below its owner. */
  shared?: string
  /** Every stored column, private ones included, in declaration order (id first). */
  columns: Column[]
  /** The public JSON Schema of a record, as the API sends it; registered in ajv under the entity name. */
  schema: JsonSchema
  /** The file as written, for docs. */
  source: JsonSchema
}

export type GenericHandler = 'list' | 'get' | 'create' | 'update' | 'delete'
export const GENERIC_HANDLERS: readonly GenericHandler[] = ['list', 'get', 'create', 'update', 'delete']

export interface ListFilter {
  field: string
  match: 'equals' | 'contains' | 'range' | 'in'
}

export interface ListConfig {
  filters: ListFilter[]
  sort: string[]
  defaultSort: { field: string; order: 'asc' | 'desc' }
  pageSize: number
}

export interface EndpointDef {
  /** File path under schemas/endpoints without .json, e.g. `domain/list`. */
  id: string
  file: string
  method: 'GET' | 'POST'
  /** Path under /api/v1. */
  path: string
  summary: string
  description?: string
  /** Roles allowed, or 'open' for endpoints callable without a token. */
  access: ApiRole[] | 'open'
  handler: string
  entity?: string
  request: { query?: JsonSchema; body?: JsonSchema }
  response: JsonSchema
  download: boolean
  /** A download that is a stream of Server-Sent Events, open until the client leaves. */
  stream?: 'text/event-stream'
  /** A download that is a sound or video of this type, played where it was asked for. */
  plays?: 'audio/mpeg' | 'video/mp4'
  /** A generic list of only the caller's own records, whatever its role. */
  mine: boolean
  /** Field values every record of this endpoint has (the merchant screens: user_type 2). */
  fixed: Record<string, string | number | boolean>
  /** 'below': records of accounts strictly below the caller only, never its own; 'own': an admin's all, anyone else's own only. */
  scope: 'all' | 'below' | 'own'

  /** A multipart call's file parts, by part name; undefined for JSON calls. */
  files?: Record<string, FilePart>
  /** For generic list endpoints: filters and sort gathered from the resources that use it. */
  list?: ListConfig
  /** A download of the rows of this generic list: its filters join the download's query, its scope applies. */
  exports?: string
  /** The task kind a submit call derived from schemas/tasks/KIND.json creates. */
  task?: string
  /**
   * A call taking an idempotency key (the Idempotency-Key header or the body's idempotency_key):
   * a repeat answers the first call's answer. `keyInBody`: the file's own body declares
   * idempotency_key and its handler reads it; otherwise the registry added it to the body, and
   * the engine takes it out again before the handler.
   */
  idempotent?: { keyInBody: boolean }
}

export interface FilePart {
  'x-label': Label
  /** Media types accepted, as recognised from the content; any when undefined. */
  types?: string[]
  /** For a part streamed to disk, the server's MEDIA_MAX_MB instead. */
  maxBytes: number
  required?: boolean
  /** Streamed to a temporary file rather than read into memory (videos). */
  toDisk?: boolean
}

/** A button on a list's rows or above it, beyond show, edit and delete (resource "actions"). */
export interface ResourceAction {
  name: string
  label: Label
  /** row: on each row, the row's id goes in the body's "id"; page: above the list. */
  on: 'row' | 'page'
  /** A POST endpoint whose body is the action's form, or a download endpoint. */
  endpoint?: string
  /** Or a link; {field} is replaced by the row's value. */
  link?: string
  newTab: boolean
  /** The body field that receives a row's id (default id). */
  rowId: string
  /** The body fields the form shows, in order; all of them (but a row's id) when left out. */
  fields?: string[]
  /** Shown only on rows whose fields have these values. */
  when?: Record<string, string | number | boolean>
  /** Who sees a link action; an endpoint action follows its endpoint's roles, narrowed to these. */
  roles?: RouteRole[]
  danger: boolean
  /** A GET endpoint answering what to know before filling in the dialog, and the values it starts with. */
  notices?: string
}

/** A titled part of a resource's create and edit forms (form.sections). */
export interface FormSection {
  title: Label
  fields: string[]
}

/** A column of a resource's list: a field, and the width the resource gives it (else its type decides). */
export interface ListColumn {
  field: string
  width?: number
}

export interface ResourceDef {
  name: string
  file: string
  entity: string
  label: Label
  /** What one record is called (Merchant on the Merchants screen): the resource's `record`, else the entity's x-label. */
  record?: Label
  group: string
  path: string
  /** Full console route, e.g. /domain/domainList. */
  route: string
  order: number
  hideInMenu: boolean
  /** A hidden screen's menu entry: the route (by name) highlighted while it is open. */
  activeMenu?: string
  icon?: string
  /** A hand-written panel above the list (src/console/resources/headers.ts). */
  header?: string
  roles: RouteRole[]
  endpoints: Partial<Record<GenericHandler, string>>
  list: { columns: ListColumn[]; filters: ListFilter[]; sort: string[]; defaultSort?: ListConfig['defaultSort']; pageSize?: number }
  /** The form's fields in order, or its sections (each with its fields), never both. */
  form: { fields?: string[]; sections?: FormSection[]; ui?: JsonSchema; notices?: string }
  /** The detail page's fields in order; left out, every public field of the entity. */
  show?: { fields: string[] }
  actions: ResourceAction[]
  /** Rows that may be deleted (single or bulk): only those whose fields have these values. */
  deleteWhen?: Record<string, string | number | boolean>
}

export interface NavigationChild {
  name: string
  path: string
  label: Label
  page: string
  roles: RouteRole[]
  order?: number
  hideInMenu?: boolean
  /** A hidden page's menu entry: the route (by name) highlighted while it is open. */
  activeMenu?: string
  ignoreCache?: boolean
  /** Shown only to accounts whose profile field of this name is 1, e.g. show_clip_menu (server menu). */
  profileFlag?: string
  /** The profile fields a page showing the signed-in account (user-info) shows, in order. */
  fields?: string[]
  /** The task kind a page submitting long work (task-submit) makes the form of. */
  task?: string
  /** The task kinds a page listing long work (task-list) shows. */
  tasks?: string[]
}

export interface NavigationGroup {
  name: string
  path: string
  label: Label
  order: number
  icon?: string
  roles?: RouteRole[]
  hideChildrenInMenu?: boolean
  redirect?: string
  children: NavigationChild[]
}

export interface Navigation {
  defaultRoute: string
  openRoutes: string[]
  groups: NavigationGroup[]
}

/** schemas/config/GROUP.json: a group of platform settings, stored as name and value pairs. */
export interface ConfigGroupDef {
  name: string
  file: string
  label: Label
  /** The console route where admins edit the group. */
  screen: string
  order: number
  /** Who may read its values besides admins' get_config; writeOnly fields excepted. */
  read: ApiRole[]
  /** What an admin needs to know before filling it in, shown above its form; `{origin}` is the console's own address. */
  note?: Label
  /** The group as a JSON Schema object; every field has a default. */
  schema: JsonSchema
}

/** The ledger a task's cost is taken from: money (fen) or one of an account's quotas (units). */
export type CostLedger = 'money' | 'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count'

/** What a task kind consumes: `rate` fen or units for the task, per output asked for, or per character of a text. */
export interface TaskCost {
  ledger: CostLedger
  rate: number | { setting: string }
  per: 'task' | 'outputMinute' | { field: string } | { length: string }
  /** Added once when the input's `when.field` holds `when.equals` (always, without `when`). */
  plus?: { rate: number | { setting: string }; when?: { field: string; equals: string | number | boolean }; label: Label }
}

/** Whether a kind's added amount applies to this input. */
export function plusApplies(cost: TaskCost | undefined, input: Record<string, unknown>): boolean {
  const plus = cost?.plus
  return Boolean(plus) && (!plus!.when || input[plus!.when.field] === plus!.when.equals)
}

/** A limit as a kind file gives it: a number, or the business rule holding it. */
export type TaskLimit = number | { setting: string }

/** The most one task of a kind may make and take (schemas/meta/task.schema.json "limits"). */
export interface TaskLimits {
  outputSeconds?: TaskLimit
  variants?: TaskLimit
  pixelSeconds?: TaskLimit
  runMinutes: TaskLimit
}

/** schemas/tasks/KIND.json: a kind of long work the engine queues, runs, bills and reports on. */
export interface TaskKindDef {
  name: string
  file: string
  label: Label
  description: string
  roles: Role[]
  /** The hand-written task handler doing the work. */
  handler: string
  /** The JSON Schema of the submit call's body. */
  input: JsonSchema
  cost?: TaskCost
  limits: TaskLimits
  /** The submit form's titled sections. */
  sections?: FormSection[]
  /** The AI capabilities its work goes through, whose providers its page shows. */
  providers?: string[]
  attempts: number
  leaseSeconds: number
  /** Seconds between two looks for work that comes due by itself (the handler's `due`). */
  every?: number
  /** The submit call derived from the file. */
  endpoint: string
  /** With "batch": how many inputs one call takes, and that call (task/submit_batch_KIND). */
  batch?: { max: number; endpoint: string }
  /** The entities its input names through x-relation fields: while it runs, those records cannot be deleted. */
  uses: string[]
}

export interface Registry {
  entities: ReadonlyMap<string, EntityDef>
  tasks: ReadonlyMap<string, TaskKindDef>
  configGroups: ReadonlyMap<string, ConfigGroupDef>
  endpoints: ReadonlyMap<string, EndpointDef>
  resources: ReadonlyMap<string, ResourceDef>
  navigation: Navigation
  /** Every entity's public schema keyed by name, for ajv and `$ref` resolution. */
  schemas: Record<string, JsonSchema>
}
