import { useState } from 'react'
import { App } from 'antd'
import { useTranslate } from '../i18n/translate'
import { useConsole } from '../ConsoleContext'
import { ApiError } from '../providers/ApiError'
import { imageLimits, uploadImage, UploadRefused } from './upload-image'

/**
 * Upload one image where every upload goes, for a form control: resolves to its URL, or to
 * undefined after saying why not (an API refusal has already shown its own toast, spec §8).
 */
export function useImageUpload(): { upload: (file: File) => Promise<string | undefined>; sending: boolean; accept: string } {
  const t = useTranslate()
  const { message } = App.useApp()
  const { registry, http } = useConsole()
  const [sending, setSending] = useState(false)
  const upload = async (file: File) => {
    setSending(true)
    try {
      return await uploadImage(file, registry, http)
    } catch (error) {
      if (error instanceof UploadRefused) message.error(t(`upload.refused.${error.reason}`, error.detail))
      else if (!(error instanceof ApiError)) message.error(t('upload.refused.store'))
      return undefined
    } finally {
      setSending(false)
    }
  }
  return { upload, sending, accept: imageLimits(registry).types.join(',') }
}
