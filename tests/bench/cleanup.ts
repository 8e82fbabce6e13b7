/**
 * What must be undone however the bench ends: servers stopped, the temp folder and the
 * server build removed. Steps run last-added first, each once, also on Ctrl-C.
 */
export interface Cleanup {
  add(step: () => Promise<void> | void): void
  run(): Promise<void>
  /** True once Ctrl-C or SIGTERM arrived: what fails after that is the interruption, not a finding. */
  readonly interrupted: boolean
}

export function createCleanup(): Cleanup {
  const steps: (() => Promise<void> | void)[] = []
  let interrupted = false
  // Ctrl-C and the normal end may both ask; one pass, in order, serves both.
  let running: Promise<void> | undefined
  const drain = async () => {
    for (let step = steps.pop(); step; step = steps.pop()) {
      try {
        await step()
      } catch (error) {
        console.error('bench: a clean-up step failed:', error)
      }
    }
  }
  const cleanup: Cleanup = {
    get interrupted() {
      return interrupted
    },
    add: (step) => void steps.push(step),
    run: () => (running ??= drain()),
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true
      void cleanup.run().then(() => {
        console.error('\nbench interrupted: servers stopped, temp folder and server build removed.')
        process.exit(130)
      })
    })
  }
  return cleanup
}
