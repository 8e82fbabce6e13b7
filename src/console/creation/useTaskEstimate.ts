import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { TaskKindDef } from '../../schema/types'
import { useConsole } from '../ConsoleContext'
import { ApiError } from '../providers/ApiError'

/** task/estimate_KIND's answer: what a submission would make, the limits it was checked against, what it would cost. */
export interface TaskEstimate {
  size: { output_seconds: number; variants: number; width: number; height: number }
  limits: { outputSeconds?: number; variants?: number; pixelSeconds?: number; runMinutes: number }
  cost: { ledger: string; amount: number } | null
  /** What to know before sending, in the caller's language; none stops the submit. */
  notices: string[]
}

/**
 * For a kind whose handler measures its work, the server's measure of the form as it stands, asked
 * a moment after typing stops: the same numbers the submit checks and charges. `refusal` is a
 * refusal of the whole submission (a limit passed); a form still being filled in gets neither.
 */
export function useTaskEstimate(kind: TaskKindDef | undefined, values: Record<string, unknown>, enabled: boolean): { estimate?: TaskEstimate; refusal?: string } {
  const { registry, http } = useConsole()
  const endpoint = kind ? registry.endpoints.get(`task/estimate_${kind.name}`) : undefined
  const [asked, setAsked] = useState(values)
  useEffect(() => {
    const timer = setTimeout(() => setAsked(values), 400)
    return () => clearTimeout(timer)
  }, [values])
  const answer = useQuery({
    queryKey: ['task-estimate', kind?.name, asked],
    queryFn: () => http.request<TaskEstimate>({ method: 'POST', path: endpoint!.path, body: asked, quiet: true }),
    enabled: Boolean(endpoint) && enabled,
    retry: false,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  })
  const error = answer.error
  const refusal = error instanceof ApiError && error.statusCode < 500 && error.code === 0 && error.fieldErrors.length === 0 ? error.message : undefined
  return { ...(answer.data && !answer.isError ? { estimate: answer.data } : {}), ...(refusal ? { refusal } : {}) }
}
