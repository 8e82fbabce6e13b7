import type { CardProps } from 'antd'

/**
 * The card of a create or edit page (Refine's Create and Edit), without the footer of action
 * buttons those draw under a divider: the form holds its own Save button, so the footer was
 * an empty strip.
 */
export const FORM_PAGE_CONTENT: CardProps = { actions: undefined }
