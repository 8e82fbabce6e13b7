import { lazy, Suspense, useState } from 'react'
import { Button, Divider, Space, theme } from 'antd'
import type { PlatformAgreementPublicResponse } from '../../generated/types'
import { useConsole } from '../ConsoleContext'
import { enumLabel, fieldOf } from '../resources/fields'
import { antdRestStylesLoaded } from '../theme/antd-static-css'
import type { Reading } from './AgreementDialog'
import { LOGIN_ENDPOINTS } from '../login-endpoints'

// With the part of antd's styles the console links, which the login page opened first does not (theme/antd-static-css).
const AgreementDialog = lazy(() => Promise.all([import('./AgreementDialog'), antdRestStylesLoaded()]).then(([m]) => m))

const READ_PUBLISHED = LOGIN_ENDPOINTS.readPublished

/**
 * Links to published agreements for people who have not signed in (the login page):
 * each opens the text in a dialog. The links are named by the agreement kind's labels
 * in the schema; a kind not published yet says so in the dialog.
 */
export function AgreementLinks({ kinds }: { kinds: readonly string[] }) {
  const { schemasLoaded } = useConsole()
  const { token } = theme.useToken()
  // The links are named from the schema files, which the login page does not wait for; their line is kept, so nothing moves when they come.
  return schemasLoaded ? <Links kinds={kinds} /> : <div style={{ height: token.fontSize * token.lineHeight }} />
}

function Links({ kinds }: { kinds: readonly string[] }) {
  const { registry, http, locale } = useConsole()
  // The last agreement asked for stays, so the dialog keeps its title and text while it animates closed.
  const [reading, setReading] = useState<Reading>()
  const [showing, setShowing] = useState(false)
  const kindField = fieldOf(registry, registry.entities.get('agreement')!, 'kind')
  const kindLabel = (kind: string) => enumLabel(kindField, kind, locale)
  const close = () => setShowing(false)

  const open = (kind: string) => {
    setShowing(true)
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
          <Button key={kind} type="link" style={{ padding: 0, height: 'auto' }} onClick={() => open(kind)}>
            {kindLabel(kind)}
          </Button>
        ))}
      </Space>
      {/* The dialog's code (antd Modal, the rich-text view) loads with the first click, not with the login page. */}
      {reading ? (
        <Suspense fallback={null}>
          <AgreementDialog open={showing} reading={reading} title={reading.agreement?.title ?? kindLabel(reading.kind)} onClose={close} />
        </Suspense>
      ) : null}
    </>
  )
}
