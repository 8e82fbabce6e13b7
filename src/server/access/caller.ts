import type { Role } from '../../schema/types'

/** The signed-in account a request acts for. */
export interface Caller {
  id: number
  username: string
  role: Role
  userType: number
  /** Ancestor path in the promotion hierarchy, ending with this account: /1/5/. */
  path: string
  sessionId: number
}
