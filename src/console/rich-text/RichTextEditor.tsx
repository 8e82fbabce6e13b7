import { useEffect, useId, useMemo, useRef, useState, type CSSProperties } from 'react'
import ReactQuill from 'react-quill-new'
import { theme } from 'antd'
import { useTranslate } from '../i18n/translate'
import { useImageUpload } from '../forms/useImageUpload'
import 'react-quill-new/dist/quill.snow.css'
import './rich-text-editor.css'

export interface RichTextEditorProps {
  /** The form field's id, on the editor's outer element. */
  id: string
  /** HTML to start from; later changes to it are not applied (Quill owns the document once it runs). */
  value: string
  /** The document as HTML after every change, or '' when it holds no text and no image. */
  onChange: (html: string) => void
  readOnly?: boolean
}

/**
 * What Quill keeps, typed, pasted or loaded: what the toolbar offers, and inline code and
 * images, which the server also lets through (an image by http(s) URL). Anything else would
 * be dropped from a saved text the first time it is edited.
 */
const FORMATS = ['header', 'bold', 'italic', 'underline', 'strike', 'list', 'blockquote', 'code-block', 'code', 'link', 'image']

/**
 * Quill (react-quill-new) with a toolbar of the formats the server's sanitiser keeps,
 * labelled in the console's language and coloured by the antd theme, light or dark.
 * The toolbar is plain markup Quill takes over, so its labels are ours to translate.
 */
export default function RichTextEditor({ id, value, onChange, readOnly }: RichTextEditorProps) {
  const t = useTranslate()
  const { token } = theme.useToken()
  const { upload, accept } = useImageUpload()
  const toolbarId = `rich-text-toolbar-${useId().replace(/[^\w-]/g, '')}`
  const quill = useRef<ReactQuill>(null)
  const picker = useRef<HTMLInputElement>(null)
  // Quill reads its modules once; a new object would rebuild the editor and lose the cursor.
  const modules = useMemo(() => ({ toolbar: { container: `#${toolbarId}`, handlers: { image: () => picker.current?.click() } } }), [toolbarId])

  // An image goes where every upload goes (upload/oss_upload or the bucket) and into the text by its URL.
  const insertImage = async (file: File) => {
    const editor = quill.current?.getEditor()
    if (!editor) return
    const at = editor.getSelection(true)?.index ?? editor.getLength()
    const url = await upload(file)
    if (url === undefined) return
    editor.insertEmbed(at, 'image', url, 'user')
    editor.setSelection(at + 1, 0)
  }
  // Uncontrolled: feeding the changed HTML back would reset the document on every keystroke.
  const [initial] = useState(value)
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // The link bubble suggests Quill's own site as an example address.
    box.current?.querySelector('.ql-tooltip input[data-link]')?.setAttribute('data-link', 'https://')
    // Quill turns the heading <select> into a plain <span> keeping its label, and a button inside
    // it with none: the label belongs on the button.
    for (const picker of box.current?.querySelectorAll('.ql-picker[aria-label]') ?? []) {
      picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', picker.getAttribute('aria-label')!)
      picker.removeAttribute('aria-label')
    }
  }, [])
  const button = (format: string, label: string, formatValue?: string) => (
    <button type="button" className={`ql-${format}`} value={formatValue} title={label} aria-label={label} />
  )

  return (
    <div ref={box} className="rich-text-editor" style={themeVariables(token, t)}>
      <div id={toolbarId}>
        <span className="ql-formats">
          <select className="ql-header" defaultValue="" aria-label={t('richText.heading')}>
            <option value="2">{t('richText.heading2')}</option>
            <option value="3">{t('richText.heading3')}</option>
            <option value="">{t('richText.paragraph')}</option>
          </select>
        </span>
        <span className="ql-formats">
          {button('bold', t('richText.bold'))}
          {button('italic', t('richText.italic'))}
          {button('underline', t('richText.underline'))}
          {button('strike', t('richText.strike'))}
        </span>
        <span className="ql-formats">
          {button('list', t('richText.orderedList'), 'ordered')}
          {button('list', t('richText.bulletList'), 'bullet')}
        </span>
        <span className="ql-formats">
          {button('blockquote', t('richText.blockquote'))}
          {button('code-block', t('richText.codeBlock'))}
          {button('link', t('richText.link'))}
          {button('image', t('richText.image'))}
        </span>
        <span className="ql-formats">{button('clean', t('richText.clean'))}</span>
      </div>
      <input
        ref={picker}
        type="file"
        hidden
        accept={accept}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) void insertImage(file)
        }}
      />
      <ReactQuill
        ref={quill}
        id={id}
        theme="snow"
        defaultValue={initial}
        modules={modules}
        formats={FORMATS}
        readOnly={readOnly}
        onChange={(html, _delta, _source, editor) => onChange(editor.getText().trim() === '' && !html.includes('<img') ? '' : withBreakableSpaces(html))}
      />
    </div>
  )
}

/**
 * Quill 2.0's getSemanticHTML writes every space as &nbsp; (quill#4509), and a paragraph
 * of non-breaking spaces never wraps. Each run keeps its width, with its last space a plain one.
 */
function withBreakableSpaces(html: string): string {
  return html.replace(/&nbsp;(?!&nbsp;)/g, ' ')
}

/** antd's colours and the texts Quill's stylesheet writes in English, as CSS variables for rich-text-editor.css. */
function themeVariables(token: ReturnType<typeof theme.useToken>['token'], t: (key: string) => string): CSSProperties {
  const text = (key: string) => JSON.stringify(t(key))
  return {
    '--rt-text': token.colorText,
    '--rt-text-secondary': token.colorTextSecondary,
    '--rt-placeholder': token.colorTextPlaceholder,
    '--rt-border': token.colorBorder,
    '--rt-bg': token.colorBgContainer,
    '--rt-bg-toolbar': token.colorFillQuaternary,
    '--rt-bg-elevated': token.colorBgElevated,
    '--rt-code-bg': token.colorFillTertiary,
    '--rt-primary': token.colorPrimary,
    '--rt-shadow': token.boxShadowSecondary,
    '--rt-radius': `${token.borderRadius}px`,
    '--rt-visit-url': text('richText.visitUrl'),
    '--rt-enter-link': text('richText.enterLink'),
    '--rt-edit': text('richText.editLink'),
    '--rt-save': text('richText.saveLink'),
    '--rt-remove': text('richText.removeLink'),
  } as CSSProperties
}
