import { Button, Modal, Result, Skeleton, Typography } from 'antd'
import { useTranslate } from '../i18n/translate'
import dayjs from 'dayjs'
import type { PlatformAgreementPublicResponse } from '../../generated/types'
import { RichTextView } from '../rich-text/RichTextView'

/** An agreement being read: its kind, then its text or why there is none. */
export type Reading = { kind: string; agreement?: PlatformAgreementPublicResponse; failure?: string }

/** The dialog an agreement link opens: the published text, or the reason it cannot be shown. */
export default function AgreementDialog({ open, reading, title, onClose }: { open: boolean; reading: Reading; title: string; onClose: () => void }) {
  const t = useTranslate()
  return (
    <Modal
      open={open}
      title={title}
      width={720}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('agreement.close')}
        </Button>
      }
      styles={{ body: { maxHeight: '65vh', overflowY: 'auto' } }}
      destroyOnHidden
    >
      {reading.agreement ? (
        <>
          <Typography.Paragraph type="secondary">{t('agreement.updatedAt', { date: dayjs(reading.agreement.updated_at).format('YYYY-MM-DD') })}</Typography.Paragraph>
          <RichTextView html={reading.agreement.content} />
        </>
      ) : reading.failure ? (
        <Result status="info" title={reading.failure} />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Modal>
  )
}
