import { Space } from 'antd'
import { useGetIdentity, useInvalidateAuthStore } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import type { Identity } from '../providers/authProvider'
import { useConsole } from '../ConsoleContext'
import { EndpointFormCard } from './EndpointFormCard'
import { PageHeading } from '../layout/PageHeading'
import { useRouteTitle } from '../layout/useRouteTitle'

/** /user/setting: the own profile, and the password (changing it signs out every other session of the account). */
export default function UserSettingPage() {
  const t = useTranslate()
  const { forgetIdentity } = useConsole()
  const { data: identity } = useGetIdentity<Identity>()
  const invalidateAuth = useInvalidateAuthStore()
  const title = useRouteTitle()
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <PageHeading title={title} />
      {identity ? (
        <EndpointFormCard
          key={identity.id}
          endpoint="platform/edit_user_info"
          title={t('user.profile.title')}
          initial={identity as unknown as Record<string, unknown>}
          saved={t('user.profile.saved')}
          onSaved={async () => {
            // The header and the info page show the profile: read it again.
            forgetIdentity()
            await invalidateAuth()
          }}
        />
      ) : null}
      <EndpointFormCard endpoint="platform/change_pwd" title={t('user.password.title')} saved={t('user.password.changed')} clearAfterSave />
    </Space>
  )
}
