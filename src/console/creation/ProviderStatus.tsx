import { Alert, Flex } from 'antd'
import { useQuery } from '@tanstack/react-query'
import type { ProviderStatusResponse } from '../../generated/types'
import { useTranslate } from '../i18n/translate'
import { useConsole } from '../ConsoleContext'

const STATUS = 'provider/status'

/**
 * Above a submit form whose work goes through AI providers (the kind's "providers"): who does
 * each part, what that really is ("local voice, not a clone"), and, when it cannot work now,
 * why, before anyone submits and waits for a failure.
 */
export function ProviderStatus({ capabilities }: { capabilities: readonly string[] }) {
  const t = useTranslate()
  const { registry, http, locale } = useConsole()
  const endpoint = registry.endpoints.get(STATUS)
  const { data } = useQuery({
    queryKey: ['provider-status', locale],
    queryFn: () => http.request<ProviderStatusResponse>({ method: 'GET', path: endpoint!.path, quiet: true }),
    enabled: Boolean(endpoint) && capabilities.length > 0,
    staleTime: 30_000,
  })
  const shown = (data?.providers ?? []).filter((p) => capabilities.includes(p.capability))
  if (shown.length === 0) return null
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }} className="provider-status">
      {shown.map((p) => (
        <Alert
          key={p.capability}
          type={p.ready ? 'info' : 'warning'}
          showIcon
          message={
            <span>
              <strong>{t(`provider.${p.capability}`)}</strong>
              {' · '}
              {p.ready ? p.describe : t('provider.notReady', { problem: p.problem ?? '' })}
            </span>
          }
        />
      ))}
    </Flex>
  )
}
