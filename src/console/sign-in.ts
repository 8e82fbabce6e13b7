import { createContext, useContext } from 'react'
import type { AuthActionResponse } from '@refinedev/core'
import type { PlatformRegisterBody } from '../generated/types'

export interface LoginValues {
  username: string
  password: string
  remember: boolean
}

/**
 * Signing in and registering, as the login page and the registration dialog call them. The
 * console answers with Refine's hooks (RefineSignIn); the login page a signed-out visitor
 * opens first answers without them (LoginApp), as Refine loads once someone has signed in.
 * Either way a success moves on to the console, and a failure resolves with what went wrong.
 */
export interface SignIn {
  login(values: LoginValues): Promise<AuthActionResponse>
  register(values: PlatformRegisterBody): Promise<AuthActionResponse>
}

export const SignInContext = createContext<SignIn | null>(null)

export function useSignIn(): SignIn {
  const value = useContext(SignInContext)
  if (!value) throw new Error('useSignIn() must be used inside <ConsoleApp> or <LoginApp>.')
  return value
}
