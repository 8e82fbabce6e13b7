import { Button, Result } from 'antd'
import { useTranslate } from '../i18n/translate'
import { useNavigate } from 'react-router'

/** Spec §2's 404: the page is gone, with retry and back. */
export default function NotFoundPage() {
  const t = useTranslate()
  const navigate = useNavigate()
  return (
    <Result
      status="404"
      title={<h1 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>{t('pages.notFound.title')}</h1>}
      subTitle={t('pages.notFound.text')}
      extra={[
        <Button key="retry" onClick={() => window.location.reload()}>
          {t('pages.notFound.retry')}
        </Button>,
        <Button key="back" type="primary" onClick={() => navigate(-1)}>
          {t('pages.notFound.back')}
        </Button>,
      ]}
    />
  )
}
