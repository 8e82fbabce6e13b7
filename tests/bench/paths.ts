import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

/** The project root, so the bench runs the same from any working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/**
 * tsx's CLI, started with this node binary: what `npm start` and `npm run codegen` run,
 * minus npm's own start-up, which is not the server's (or the codegen's) cost.
 */
export const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli')
