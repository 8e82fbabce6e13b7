import type { FieldInfo } from './fields'

/** A list cell's padding left and right together: antd's middle-size table, 8px a side. */
export const CELL_PADDING = 16
/** A column header's sort arrows and the gap before them. */
const SORTER_WIDTH = 22
/** A tag's padding and border around its text (enum values are tags). */
const TAG_CHROME = 18

/** How a date is shown. */
export const DATE_FORMAT = 'YYYY-MM-DD'
/** How a date and time is shown on a detail page, and in the title of a list's cell. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss'
/** How a date and time is shown in a list: to the minute, "2026-11-25 14:32". */
export const LIST_TIME_FORMAT = 'YYYY-MM-DD HH:mm'

/**
 * About how wide a text is drawn at a font size: an ideograph or fullwidth sign is square,
 * a Latin letter or digit a little over half the size. An estimate, so that a page of rows is
 * laid out without measuring a single cell; it errs wide for the usual system fonts.
 */
export function textWidth(text: string, fontSize = 14): number {
  let width = 0
  for (const char of text) width += char.codePointAt(0)! >= 0x2e80 ? fontSize : 0.56 * fontSize
  return Math.ceil(width)
}

/**
 * The longest piece of a column title that cannot be broken onto two lines: a title wraps
 * between words and after hyphens ("Digital-" / "human"); an ideograph is a piece of its own,
 * but two lines of a Chinese title are as many as a header should take.
 */
function widestPiece(title: string): number {
  const pieces = title.split(/\s+|(?<=-)/).filter(Boolean)
  const ideographs = [...title].filter((char) => char.codePointAt(0)! >= 0x2e80).length
  return Math.max(0, ...pieces.filter((p) => !/[\u2e80-\uffff]/.test(p)).map((p) => textWidth(p)), textWidth('中'.repeat(Math.ceil(ideographs / 2))))
}

/** The width a value of this field takes in a list, by its type; the widest of an enum's names in the locale. */
function valueWidth(field: FieldInfo, enumNames: readonly string[]): number {
  if (field.name === 'id') return 56
  switch (field.kind) {
    case 'datetime':
      // As wide as the digits of the format (every digit drawn as wide as the widest).
      return textWidth(field.schema.format === 'date' ? DATE_FORMAT : LIST_TIME_FORMAT) + CELL_PADDING
    case 'money':
      return 112
    case 'count':
    case 'fileSize':
    case 'seconds':
    case 'integer':
    case 'number':
      return 80
    case 'flag':
    case 'boolean':
      return 72
    case 'enum':
      // A longer name than this is cut, whole in its tooltip.
      return Math.min(168, Math.max(64, ...enumNames.map((name) => textWidth(name, 12) + TAG_CHROME + CELL_PADDING)))
    case 'enumList':
      // Every value's tag side by side, as wide as they all are.
      return Math.min(280, enumNames.reduce((sum, name) => sum + textWidth(name, 12) + TAG_CHROME + 8, CELL_PADDING))
    case 'relation':
      return 112
    case 'image':
      return 64
    case 'media':
      // The download link: a list has no room to play a file.
      return 112
    case 'progress':
      return 136
    case 'shareLink':
      // The start of the address and its copy button; the whole address is copied.
      return 200
    case 'richText':
      return 240
    case 'message':
      // A sentence with a title or two in it ("10.00 CNY → 30 voice clones at 3 per CNY").
      return 200
    default: {
      // A text (a name, a relation's title too) is cut with an ellipsis and shown whole on hover, so
      // its column can be narrow; a wide page shares its room out among all columns anyway.
      const maxLength = typeof field.schema.maxLength === 'number' ? field.schema.maxLength : Infinity
      return maxLength <= 64 ? 112 : 160
    }
  }
}

/**
 * A list column's width in pixels: the one the resource file declares, else the field's
 * type's, widened to fit the longest unbreakable piece of its title and its sort arrows.
 *
 * ```ts
 * columnWidth(fieldOf(registry, user, 'created_at'), { title: 'Created', sortable: true }) // 142
 * ```
 */
export function columnWidth(field: FieldInfo, column: { title: string; sortable: boolean; declared?: number; enumNames?: readonly string[] }): number {
  if (column.declared) return column.declared
  const header = widestPiece(column.title) + CELL_PADDING + (column.sortable ? SORTER_WIDTH : 0)
  return Math.max(valueWidth(field, column.enumNames ?? []), header)
}

/** Kinds whose value a list cell cuts with an ellipsis, whole in its title: they may be narrowed. */
const CUT_KINDS = new Set<FieldInfo['kind']>(['text', 'relation', 'richText', 'message', 'textList', 'shareLink'])
/** The narrowest such a column gets: a name's first word or two, a username whole. */
const LEAST_CUT = 96
/** A link to send keeps the start of its address beside its copy button. */
const LEAST_SHARE_LINK = 140

/**
 * How narrow a list column may become so that the list fits its page without scrolling: a text
 * cut with an ellipsis down to a few words, never below its title's longest unbreakable piece and
 * its sort arrows; any other value (a time, an amount, a tag) keeps its full width, as does a
 * width the resource file declares.
 */
export function leastColumnWidth(field: FieldInfo, column: { title: string; sortable: boolean; declared?: number; enumNames?: readonly string[] }): number {
  const width = columnWidth(field, column)
  if (column.declared || !CUT_KINDS.has(field.kind)) return width
  const header = widestPiece(column.title) + CELL_PADDING + (column.sortable ? SORTER_WIDTH : 0)
  return Math.min(width, Math.max(header, field.kind === 'shareLink' ? LEAST_SHARE_LINK : LEAST_CUT))
}

/**
 * The widths a list's columns get in `room` pixels. When their full widths fit, those; when
 * narrowing the texts (each toward its least width, in proportion to how much it may give) makes
 * them fit, the narrowed widths, so the page shows every column without a sideways scroll; when
 * even that does not fit, the full widths again: the list scrolls anyway, and its texts are as
 * readable as they can be.
 *
 * ```ts
 * fitColumnWidths([{ width: 160, least: 96 }, { width: 142, least: 142 }], 270) // [128, 142]
 * ```
 */
export function fitColumnWidths(columns: readonly { width: number; least: number }[], room: number): number[] {
  const full = columns.reduce((sum, c) => sum + c.width, 0)
  const least = columns.reduce((sum, c) => sum + c.least, 0)
  if (full <= room || least > room) return columns.map((c) => c.width)
  const give = full - room
  const slack = full - least
  // Rounded down: the columns never add up to more than the room, as a pixel over would scroll.
  return columns.map((c) => Math.floor(c.width - (give * (c.width - c.least)) / slack))
}

/**
 * The width of a list's actions column: the icons (show, edit, delete), the named actions a row
 * shows as words, and "More" with its arrow for the rest, at the sizes of row-actions.css.
 */
export function actionsWidth(icons: number, words: readonly string[], more?: string): number {
  const items = [...words, ...(more ? [more] : [])]
  const width = icons * 28 + items.reduce((sum, word) => sum + textWidth(word) + 12, 0) + (more ? 14 : 0)
  return width + Math.max(0, icons + items.length - 1) * 4 + CELL_PADDING
}
