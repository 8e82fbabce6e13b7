/**
 * A header's queries start with this key, so an action that changed the list's records
 * (a redeemed card, an exchange) refreshes the panel above it too.
 */
export function headerQueryKey(resource: string, ...rest: unknown[]): unknown[] {
  return ['resource-header', resource, ...rest]
}

export interface HeaderProps {
  /** The resource whose list the panel is above. */
  resource: string
}
