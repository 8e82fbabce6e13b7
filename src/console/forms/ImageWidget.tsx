import { useState } from 'react'
import { App, Button, Image, Input, Space, Upload } from 'antd'
import { UploadOutlined } from '@ant-design/icons'
import type { WidgetProps } from '@rjsf/utils'
import { useTranslate } from '@refinedev/core'
import { useConsole } from '../ConsoleContext'
import { ApiError } from '../providers/ApiError'
import { imageLimits, uploadImage, UploadRefused } from './upload-image'

/** An image: uploaded from the computer (or its address typed in), with a preview. */
export function ImageWidget({ id, value, onChange, disabled, readonly, placeholder }: WidgetProps) {
  const t = useTranslate()
  const { message } = App.useApp()
  const { registry, http } = useConsole()
  const [sending, setSending] = useState(false)
  const locked = disabled || readonly

  const send = async (file: File) => {
    setSending(true)
    try {
      onChange(await uploadImage(file, registry, http))
      message.success(t('upload.done'))
    } catch (error) {
      // An API refusal already showed its own toast (spec §8); the rest are said here.
      if (error instanceof UploadRefused) message.error(t(`upload.refused.${error.reason}`, error.detail))
      else if (!(error instanceof ApiError)) message.error(t('upload.refused.store'))
    } finally {
      setSending(false)
    }
  }

  return (
    <Space align="start" wrap>
      <Input id={id} value={value ?? ''} placeholder={placeholder || 'https://'} disabled={locked} onChange={(e) => onChange(e.target.value)} style={{ width: 360 }} allowClear />
      <Upload
        accept={imageLimits(registry).types.join(',')}
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
      {value ? <Image src={value} width={32} height={32} style={{ objectFit: 'contain' }} alt="" /> : null}
    </Space>
  )
}
