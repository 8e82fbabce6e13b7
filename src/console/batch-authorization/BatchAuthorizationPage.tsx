import { useEffect, useState } from 'react'
import { Alert, Button, Result, Spin, Typography, theme } from 'antd'
import dayjs from 'dayjs'
import { useTranslate } from '../i18n/translate'
import { useConsole } from '../ConsoleContext'
import { LocaleSwitch } from '../layout/LocaleSwitch'
import { ApiError } from '../providers/ApiError'
import { returnedFrom, type Returned } from './returned'
import './batch-authorization.css'

interface LinkInfo {
  state: 'active' | 'expired' | 'revoked'
  merchant: string
  site_name: string
  site_logo: string
  expires_at: string
  platforms: { platform: 'douyin' | 'kuaishou'; ready: boolean }[]
}

/**
 * What the owner of a short-video account sees from a merchant's link: whose link it is, what
 * authorizing lets the merchant do, a button per platform leading to the platform's own page,
 * and, on the way back, whether the account was added or why not.
 */
export function BatchAuthorizationPage() {
  const t = useTranslate()
  const { token } = theme.useToken()
  const { http } = useConsole()
  const code = new URLSearchParams(window.location.search).get('link') ?? ''
  const [returned] = useState<Returned | null>(() => returnedFrom(window.location.search))
  const [info, setInfo] = useState<LinkInfo>()
  const [problem, setProblem] = useState<string>()
  const [going, setGoing] = useState<string>()

  useEffect(() => {
    if (!code) return setProblem(t('authorization.noLink'))
    http.request<LinkInfo>({ method: 'GET', path: '/platform/authorization_link_info', query: { code }, quiet: true }).then(setInfo, (error: unknown) => setProblem(error instanceof ApiError ? error.message : String(error)))
  }, [code, http, t])

  useEffect(() => {
    document.title = info ? `${t('authorization.title')} · ${info.site_name}` : t('authorization.title')
  }, [info, t])

  // The address no longer needs what the platform sent back: a reload should not say it again.
  useEffect(() => {
    if (returned && code) window.history.replaceState(null, '', `${window.location.pathname}?link=${encodeURIComponent(code)}`)
  }, [returned, code])

  const go = async (platform: string) => {
    setGoing(platform)
    try {
      const { url } = await http.request<{ url: string }>({ method: 'POST', path: '/platform/authorization_start', body: { code, platform }, quiet: true })
      window.location.assign(url)
    } catch (error) {
      setGoing(undefined)
      setProblem(error instanceof ApiError ? error.message : String(error))
    }
  }

  const name = (platform: string) => t(`authorization.platform.${platform}`)
  return (
    <div className="batch-authorization" style={{ background: token.colorBgLayout, color: token.colorText }}>
      <header className="batch-authorization-header" style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <span className="batch-authorization-site">
          {info?.site_logo ? <img src={info.site_logo} alt="" width={28} height={28} /> : null}
          <span>{info?.site_name ?? ''}</span>
        </span>
        <LocaleSwitch />
      </header>
      <main className="batch-authorization-main" id="content">
        {!info && !problem ? (
          <Spin size="large" aria-label={t('authorization.loading')} />
        ) : !info || info.state !== 'active' ? (
          <Result status="warning" title={<span role="heading" aria-level={1}>{t('authorization.unusable')}</span>} subTitle={info ? t(`authorization.state.${info.state}`, { at: dayjs(info.expires_at).format('YYYY-MM-DD HH:mm') }) : problem} />
        ) : (
          <section className="batch-authorization-card" aria-labelledby="authorization-title" style={{ background: token.colorBgContainer }}>
            <Typography.Title level={1} id="authorization-title" style={{ marginTop: 0, fontSize: 24 }}>
              {t('authorization.title')}
            </Typography.Title>
            <Typography.Paragraph>{t('authorization.asks', { merchant: info.merchant })}</Typography.Paragraph>
            {returned ? <ReturnedNotice returned={returned} platformName={name} merchant={info.merchant} /> : null}
            {problem ? <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} /> : null}
            {/* Only what can be authorized now; a platform the site has not set up would be a button that does nothing. */}
            {info.platforms.some((p) => p.ready) ? (
              <div className="batch-authorization-buttons">
                {info.platforms
                  .filter((p) => p.ready)
                  .map(({ platform }) => (
                    <Button key={platform} type="primary" size="large" block disabled={going !== undefined} loading={going === platform} onClick={() => void go(platform)} className={`batch-authorization-${platform}`}>
                      {t('authorization.authorize', { platform: name(platform) })}
                    </Button>
                  ))}
              </div>
            ) : (
              <Alert type="warning" showIcon message={t('authorization.noneReady', { merchant: info.merchant })} style={{ marginBottom: 16 }} />
            )}
            <ol className="batch-authorization-steps">
              <li>{t('authorization.step1')}</li>
              <li>{t('authorization.step2')}</li>
              <li>{t('authorization.step3')}</li>
            </ol>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t('authorization.fineprint', { at: dayjs(info.expires_at).format('YYYY-MM-DD HH:mm') })}
            </Typography.Paragraph>
          </section>
        )}
      </main>
    </div>
  )
}

function ReturnedNotice({ returned, platformName, merchant }: { returned: Returned; platformName: (platform: string) => string; merchant: string }) {
  const t = useTranslate()
  if (returned.result === 'ok') {
    return <Alert type="success" showIcon role="status" message={t('authorization.done', { platform: platformName(returned.platform), account: returned.account, merchant })} description={t('authorization.another')} style={{ marginBottom: 16 }} />
  }
  return <Alert type="warning" showIcon role="alert" message={t('authorization.notAdded')} description={t(`authorization.why.${returned.result}`)} style={{ marginBottom: 16 }} />
}
