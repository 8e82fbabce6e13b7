import { StrictMode } from 'react'
import type { Boot } from '../boot'
import { BatchAuthorizationApp } from './BatchAuthorizationApp'

/**
 * The open page a merchant's authorization link leads to (spec §2's batchAuthorization): shown
 * to the people who own the accounts, signed in or not, without the console around it.
 */
export function showBatchAuthorization(boot: Boot): void {
  void Promise.all([boot.antdStyles, boot.locale]).then(() =>
    boot.root.render(
      <StrictMode>
        <BatchAuthorizationApp http={boot.http} />
      </StrictMode>,
    ),
  )
}
