import { useMemo } from 'react'
import { Card, Empty, Tabs, Typography } from 'antd'
import { useLocation } from 'react-router'
import { useTranslate } from '../../i18n/translate'
import type { ConfigGroupDef } from '../../../schema/types'
import { useConsole, useLabel } from '../../ConsoleContext'
import { ConfigGroupForm, type GroupCalls, type GroupValues } from './ConfigGroupForm'
import { PageHeading } from '../../layout/PageHeading'
import { useRouteTitle } from '../../layout/useRouteTitle'

/** The settings groups of schemas/config/ whose x-screen is this route, in their order. */
export function useScreenGroups(): ConfigGroupDef[] {
  const { registry } = useConsole()
  const { pathname } = useLocation()
  return useMemo(() => [...registry.configGroups.values()].filter((g) => g.screen === pathname).sort((a, b) => a.order - b.order), [registry, pathname])
}

/** get_config / set_config with the group as a parameter. */
export function useGroupCalls(): (group: ConfigGroupDef) => GroupCalls {
  const { registry, http } = useConsole()
  const get = registry.endpoints.get('platform/get_config')!
  const set = registry.endpoints.get('platform/set_config')!
  return (group) => ({
    read: () => http.request<GroupValues>({ method: 'GET', path: get.path, query: { group: group.name } }),
    write: (values) => http.request<GroupValues>({ method: 'POST', path: set.path, body: { group: group.name, values } }),
  })
}

/** A settings screen (account/settings): one tab per settings group edited here. */
export default function ConfigPage() {
  const t = useTranslate()
  const label = useLabel()
  const groups = useScreenGroups()
  const callsOf = useGroupCalls()
  const title = useRouteTitle()
  return (
    <>
      <PageHeading title={title} />
      <Card>
        {groups.length === 0 ? (
          <Empty description={t('config.empty')} />
        ) : (
          <Tabs
            items={groups.map((group) => ({
              key: group.name,
              label: label(group.label, group.name),
              children: (
                <div style={{ maxWidth: 720 }}>
                  {group.note ? <Typography.Paragraph type="secondary" style={{ overflowWrap: 'anywhere' }}>{label(group.note, '').replaceAll('{origin}', window.location.origin)}</Typography.Paragraph> : null}
                  <ConfigGroupForm group={group} calls={callsOf(group)} />
                </div>
              ),
            }))}
          />
        )}
      </Card>
    </>
  )
}
