import { createContext, useContext } from 'react'
import type { AuthActionResponse } from '@refinedev/core'
import type { PlatformRegisterBody } from '../generated/types'

export interface LoginValues {
  username: string
  password: string
  remember: boolean
}

/**
 * Signing in and registering, as the login page and the registration dialog call them: the
 * console answers with Refine's hooks (RefineSignIn), but the page needs nothing of Refine's
 * to ask. A success moves on to the console, and a failure resolves with what went wrong.
 */
export interface SignIn {
  login(values: LoginValues): Promise<AuthActionResponse>
  register(values: PlatformRegisterBody): Promise<AuthActionResponse>
}

export const SignInContext = createContext<SignIn | null>(null)

export function useSignIn(): SignIn {
  const value = useContext(SignInContext)
  if (!value) throw new Error('useSignIn() must be used inside <ConsoleApp>.')
  return value
}
