import { App, Button, Flex, Image, Input, Upload } from 'antd'
import { UploadOutlined } from '@ant-design/icons'
import type { WidgetProps } from '@rjsf/utils'
import { useTranslate } from '../i18n/translate'
import { useImageUpload } from './useImageUpload'
import { isMediaUrl } from '../../schema/media-url'

/** An image: uploaded from the computer (or its address typed in), with a preview. */
export function ImageWidget({ id, value, onChange, onBlur, disabled, readonly, placeholder }: WidgetProps) {
  const t = useTranslate()
  const { message } = App.useApp()
  const { upload, sending, accept } = useImageUpload()
  const locked = disabled || readonly

  const send = async (file: File) => {
    const url = await upload(file)
    if (url === undefined) return
    onChange(url)
    message.success(t('upload.done'))
  }

  return (
    // A flex row, not a Space: the address then narrows to a phone's width instead of overflowing it.
    <Flex align="start" wrap gap={8}>
      <Input id={id} value={value ?? ''} placeholder={placeholder || 'https://'} disabled={locked} onChange={(e) => onChange(e.target.value)} onBlur={() => onBlur(id, value)} style={{ width: 360, maxWidth: '100%' }} allowClear />
      <Upload
        accept={accept}
        showUploadList={false}
        disabled={locked || sending}
        beforeUpload={(file) => {
          void send(file)
          return false
        }}
      >
        <Button icon={<UploadOutlined />} loading={sending} disabled={locked}>
          {t('upload.choose')}
        </Button>
      </Upload>
      {/* No preview of an address the field refuses: the browser would be asked to load it. */}
      {value && isMediaUrl(value) ? <Image src={value} width={32} height={32} style={{ objectFit: 'contain' }} alt="" /> : null}
    </Flex>
  )
}
