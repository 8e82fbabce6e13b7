import { Descriptions, type DescriptionsProps } from 'antd'
import { useScreenAtLeast } from '../layout/useScreen'
import './detail-list.css'

/**
 * A record's labels and values, as detail and profile pages show them. From 768 px the labels sit
 * beside their values, in `column` columns; below, each label sits above its value in one column,
 * so no label, however long, squeezes a value (or a value its label) and nothing widens the page:
 * labels and values wrap, and a long address breaks anywhere.
 */
export function DetailList({ items, column = 1 }: { items: DescriptionsProps['items']; column?: DescriptionsProps['column'] }) {
  const narrow = !useScreenAtLeast('md')
  return (
    <Descriptions
      className={narrow ? 'detail-list detail-list-narrow' : 'detail-list'}
      bordered
      layout={narrow ? 'vertical' : 'horizontal'}
      column={narrow ? 1 : column}
      size={narrow ? 'small' : 'middle'}
      items={items}
    />
  )
}
