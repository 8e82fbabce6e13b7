import { useMemo, type ReactNode } from 'react'
import { useLogin, useRegister } from '@refinedev/core'
import type { PlatformRegisterBody } from '../generated/types'
import { SignInContext, type LoginValues } from './sign-in'

/** Signing in inside the console: Refine's hooks, which refresh its view of the account and follow the answer's redirect. */
export function RefineSignIn({ children }: { children: ReactNode }) {
  const { mutateAsync: login } = useLogin<LoginValues>()
  const { mutateAsync: register } = useRegister<PlatformRegisterBody>()
  const value = useMemo(() => ({ login, register }), [login, register])
  return <SignInContext.Provider value={value}>{children}</SignInContext.Provider>
}
