import { Button, Flex, Space, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { getTemplate, getUiOptions, TranslatableString, type ArrayFieldItemTemplateProps, type IconButtonProps } from '@rjsf/utils'
import './array-items.css'

/**
 * One item of an array of objects (a clip's segment, a mixed cut's slot) in a box of its own,
 * numbered, its move and remove buttons on its first line: the fields of one item are told
 * apart from the next one's at a glance, at any width.
 */
export function ArrayItem({ children, buttonsProps, hasToolbar, index, registry, uiSchema }: ArrayFieldItemTemplateProps) {
  const Buttons = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema))
  return (
    <section className="form-array-item" aria-label={`#${index + 1}`}>
      <Flex justify="space-between" align="center" className="form-array-item-head">
        <Typography.Text strong>#{index + 1}</Typography.Text>
        {hasToolbar ? (
          <Space.Compact>
            <Buttons {...buttonsProps} />
          </Space.Compact>
        ) : null}
      </Flex>
      {children}
    </section>
  )
}

/** Adds an item: said in words, not by an icon alone. */
export function AddItemButton({ registry, onClick, disabled, id, className }: IconButtonProps) {
  return (
    <Button id={id} type="dashed" block icon={<PlusOutlined />} onClick={onClick} disabled={disabled} className={className}>
      {registry.translateString(TranslatableString.AddItemButton)}
    </Button>
  )
}
