import { Typography } from 'antd'
import './rich-text-view.css'

/**
 * Rich text rendered as formatted text, not escaped. Only for HTML the server sanitised
 * (every "contentMediaType": "text/html" field is, on every save); it adds no cleaning of
 * its own. antd's Typography styles the headings, lists, quotes and code in both themes.
 */
export function RichTextView({ html }: { html: string }) {
  return (
    <Typography className="rich-text-view">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  )
}
