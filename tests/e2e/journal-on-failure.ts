import { beforeEach } from 'vitest'
import { forgetBrowserJournal, latestBrowserJournal } from './harness'

// Every browser test, whether it opens its browser through withBrowser or by hand: when it
// fails, its error ends with what the page was doing (harness.ts, keepJournal).
beforeEach(({ onTestFailed }) => {
  forgetBrowserJournal()
  onTestFailed(({ task }) => {
    const journal = latestBrowserJournal()
    const error = task.result?.errors?.[0]
    if (journal && error) error.message += `\n\n${journal.text()}`
  })
})
