import { useCallback, useEffect, useRef, useState } from 'react'
import { useConsole } from '../ConsoleContext'
import { ApiError } from '../providers/ApiError'

export interface ChatTurn {
  role: 'user' | 'assistant'
  content: string
}

/** One answer as it is written: its text so far, and how it ended. */
export interface Answer {
  text: string
  state: 'writing' | 'done' | 'failed' | 'stopped'
  /** Why it failed, in the console's language. */
  problem?: string
  model?: string
  promptTokens?: number | null
  completionTokens?: number | null
}

/**
 * Ask an assistant (ai/chat) and follow its answer as it streams: `ask` starts one, `stop`
 * leaves it where it is (the server stops the writer too). Leaving the page stops it.
 */
export function useAssistantAnswer() {
  const { http, registry } = useConsole()
  const [answer, setAnswer] = useState<Answer>()
  const running = useRef<AbortController>(undefined)
  useEffect(() => () => running.current?.abort(), [])

  const ask = useCallback(
    async (assistantId: number, messages: ChatTurn[]): Promise<Answer> => {
      running.current?.abort()
      const controller = new AbortController()
      running.current = controller
      let current: Answer = { text: '', state: 'writing' }
      const update = (next: Answer) => {
        current = next
        // An answer replaced by a newer one, or cleared, is no longer shown.
        if (running.current === controller) setAnswer(next)
      }
      update(current)
      try {
        await http.stream({
          path: registry.endpoints.get('ai/chat')!.path,
          body: { assistant_id: assistantId, messages },
          signal: controller.signal,
          quiet: true,
          onEvent(event, data) {
            const said = (data ?? {}) as Record<string, unknown>
            if (event === 'text') update({ ...current, text: current.text + String(said.text ?? '') })
            if (event === 'done') update({ ...current, state: 'done', model: String(said.model ?? ''), promptTokens: said.prompt_tokens as number | null, completionTokens: said.completion_tokens as number | null })
            if (event === 'failed') update({ ...current, state: 'failed', problem: String(said.message ?? '') })
          },
        })
        if (controller.signal.aborted) update({ ...current, state: 'stopped' })
        else if (current.state === 'writing') update({ ...current, state: 'failed', problem: '' })
      } catch (error) {
        update({ ...current, state: 'failed', problem: error instanceof ApiError ? error.message : String(error) })
      }
      if (running.current === controller) running.current = undefined
      return current
    },
    [http, registry],
  )

  const stop = useCallback(() => running.current?.abort(), [])
  const clear = useCallback(() => {
    running.current?.abort()
    running.current = undefined
    setAnswer(undefined)
  }, [])
  return { answer, ask, stop, clear }
}
