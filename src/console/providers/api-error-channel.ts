import type { ApiError } from './ApiError'
import type { ApiRequest } from './http-client'

type Listener = (error: ApiError, request: ApiRequest) => void

/**
 * Carries failed calls from the HTTP client, which exists before the app renders, to the
 * component that shows them with antd's message and modal (layout/ApiErrorNotices).
 */
export function createApiErrorChannel() {
  const listeners = new Set<Listener>()
  return {
    emit: (error: ApiError, request: ApiRequest) => listeners.forEach((listen) => listen(error, request)),
    listen(listener: Listener): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type ApiErrorChannel = ReturnType<typeof createApiErrorChannel>
