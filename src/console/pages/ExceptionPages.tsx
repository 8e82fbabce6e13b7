import { Button, Result } from 'antd'
import { useTranslate } from '../i18n/translate'
import { useNavigate } from 'react-router'

/** Spec §2's 403: access to this resource is denied. */
export function ForbiddenPage() {
  return <Exception status="403" text="pages.forbidden.text" />
}

/** Spec §2's 500: an internal server error. */
export function ServerErrorPage() {
  return <Exception status="500" text="pages.serverError.text" />
}

/** `/` leads to the role's default route, whichever it is. */
function Exception({ status, text }: { status: '403' | '500'; text: string }) {
  const t = useTranslate()
  const navigate = useNavigate()
  return (
    <Result
      status={status}
      title={<h1 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>{status}</h1>}
      subTitle={t(text)}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('pages.backHome')}
        </Button>
      }
    />
  )
}
