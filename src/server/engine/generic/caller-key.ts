import type { Caller } from '../../access/caller'

/** What a caller's scope conditions are made of (access/scope.ts), as part of a query template's key. */
export function callerKey(caller: Caller | null | undefined): string {
  return caller ? `${caller.id}:${caller.role}:${caller.userType}:${caller.path}` : 'nobody'
}
