import { useQuery } from '@tanstack/react-query'
import { useConsole } from '../ConsoleContext'

export interface AssistantChoice {
  id: number
  name: string
  description: string
}

export interface Assistants {
  writer_ready: boolean
  problem: string | null
  assistants: AssistantChoice[]
}

/** The assistants the signed-in account may use, and whether an AI writer can answer them (ai/assistants). */
export function useAssistants() {
  const { http, registry } = useConsole()
  return useQuery({
    queryKey: ['ai', 'assistants'],
    queryFn: () => http.request<Assistants>({ method: 'GET', path: registry.endpoints.get('ai/assistants')!.path, quiet: true }),
  })
}
