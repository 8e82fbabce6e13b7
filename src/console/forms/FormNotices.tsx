import { Alert, Flex } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useConsole } from '../ConsoleContext'

export interface FormStart {
  notices: { type: 'info' | 'warning'; message: string }[]
  /** Values the form starts with instead of its schema's defaults (a platform not set up left unticked). */
  values?: Record<string, unknown>
}

/**
 * What a create form whose resource names notices (form.notices) should start from: the server's
 * word on what the person should know first, in the caller's language, and the values that fit
 * it. `ready` is false while that is asked; a failed ask starts the form as its schema says.
 */
export function useFormStart(id: string | undefined): { ready: boolean; start: FormStart } {
  const { registry, http, locale } = useConsole()
  const endpoint = id ? registry.endpoints.get(id) : undefined
  const { data, isPending } = useQuery({
    queryKey: ['form-notices', id, locale],
    queryFn: () => http.request<FormStart>({ method: 'GET', path: endpoint!.path, quiet: true }),
    enabled: Boolean(endpoint),
    staleTime: 30_000,
  })
  return { ready: !endpoint || !isPending, start: data ?? { notices: [] } }
}

/** The notices above the form; nothing when there is nothing to say. */
export function FormNotices({ notices }: { notices: FormStart['notices'] }) {
  if (notices.length === 0) return null
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }} className="form-notices">
      {notices.map((notice) => (
        <Alert key={notice.message} type={notice.type} showIcon message={notice.message} />
      ))}
    </Flex>
  )
}
