import { ensureBuilt } from './harness'

/**
 * Before any browser test file starts: files run two at a time, and two finding no build at
 * once would both write dist/.
 */
export default function buildOnce(): void {
  ensureBuilt()
}
