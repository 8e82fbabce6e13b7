import sanitizeHtml from 'sanitize-html'
import type { EntityDef } from '../../schema/types'

/**
 * What rich text may hold: the formatting the console's editor produces (headings, bold,
 * italic, underline, strike, lists, links, quotes, code) and images by http(s) or relative
 * URL. Everything else goes: script and style with their content, event handlers, inline
 * styles, and links or images by any other scheme (javascript:, data:, vbscript:).
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del',
    'sub', 'sup', 'ul', 'ol', 'li', 'a', 'blockquote', 'pre', 'code', 'img', 'hr', 'span',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  // "//host/x" would follow the page's scheme to any host; an absolute URL says where it goes.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // An image whose source was refused would be an empty box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    // A link that opens a new tab must not hand that tab a handle on this page.
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : withoutKey(attribs, 'target') }),
  },
}

/**
 * Rich text as it may be stored and shown: the allowed formatting only. An editor's empty
 * document (`<p><br></p>`) has nothing to show, so it becomes '' and a required field says so.
 *
 * ```ts
 * sanitizeRichText('<p onclick="x()">Hi <script>steal()</script><strong>you</strong></p>') // '<p>Hi <strong>you</strong></p>'
 * ```
 */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, POLICY)
  return hasContent(clean) ? clean : ''
}

/**
 * Clean, in place, every string field of `values` that its entity declares as
 * `"contentMediaType": "text/html"`. Other values are left for validation to judge.
 */
export function sanitizeRichTextFields(entity: EntityDef, values: unknown): void {
  if (values === null || typeof values !== 'object' || Array.isArray(values)) return
  const record = values as Record<string, unknown>
  for (const column of entity.columns) {
    if (column.richText && Object.hasOwn(record, column.name) && typeof record[column.name] === 'string') {
      record[column.name] = sanitizeRichText(record[column.name] as string)
    }
  }
}

/** Text or an image left once the tags are gone. */
function hasContent(html: string): boolean {
  return /<img\b/i.test(html) || /\S/.test(html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\u00a0/g, ''))
}

function withoutKey(attribs: sanitizeHtml.Attributes, key: string): sanitizeHtml.Attributes {
  const { [key]: _dropped, ...rest } = attribs
  return rest
}
