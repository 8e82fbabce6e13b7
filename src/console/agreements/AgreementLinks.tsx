import { useState } from 'react'
import { Button, Divider, Modal, Result, Skeleton, Space, Typography } from 'antd'
import { useTranslate } from '@refinedev/core'
import dayjs from 'dayjs'
import type { PlatformAgreementPublicResponse } from '../../generated/types'
import { useConsole } from '../ConsoleContext'
import { enumLabel, fieldOf } from '../resources/fields'
import { RichTextView } from '../rich-text/RichTextView'

const READ_PUBLISHED = 'platform/agreement_public'

type Reading = { kind: string; agreement?: PlatformAgreementPublicResponse; failure?: string }

/**
 * Links to published agreements for people who have not signed in (the login page):
 * each opens the text in a dialog. The links are named by the agreement kind's labels
 * in the schema; a kind not published yet says so in the dialog.
 */
export function AgreementLinks({ kinds }: { kinds: readonly string[] }) {
  const t = useTranslate()
  const { registry, http, locale } = useConsole()
  const [reading, setReading] = useState<Reading>()
  const kindField = fieldOf(registry, registry.entities.get('agreement')!, 'kind')
  const kindLabel = (kind: string) => enumLabel(kindField, kind, locale)
  const close = () => setReading(undefined)

  const open = (kind: string) => {
    setReading({ kind })
    http
      .request<PlatformAgreementPublicResponse>({ method: 'GET', path: registry.endpoints.get(READ_PUBLISHED)!.path, query: { kind } })
      .then(
        (agreement) => setReading((r) => (r?.kind === kind ? { kind, agreement } : r)),
        (error: Error) => setReading((r) => (r?.kind === kind ? { kind, failure: error.message } : r)),
      )
  }

  return (
    <>
      <Space wrap split={<Divider type="vertical" />} style={{ width: '100%', justifyContent: 'center' }}>
        {kinds.map((kind) => (
          <Typography.Link key={kind} onClick={() => open(kind)}>
            {kindLabel(kind)}
          </Typography.Link>
        ))}
      </Space>
      <Modal
        open={reading !== undefined}
        title={reading?.agreement?.title ?? (reading ? kindLabel(reading.kind) : undefined)}
        width={720}
        onCancel={close}
        footer={
          <Button type="primary" onClick={close}>
            {t('agreement.close')}
          </Button>
        }
        styles={{ body: { maxHeight: '65vh', overflowY: 'auto' } }}
        destroyOnHidden
      >
        {reading?.agreement ? (
          <>
            <Typography.Paragraph type="secondary">{t('agreement.updatedAt', { date: dayjs(reading.agreement.updated_at).format('YYYY-MM-DD') })}</Typography.Paragraph>
            <RichTextView html={reading.agreement.content} />
          </>
        ) : reading?.failure ? (
          <Result status="info" title={reading.failure} />
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
      </Modal>
    </>
  )
}
