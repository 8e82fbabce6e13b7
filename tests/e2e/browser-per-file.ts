import { afterAll, beforeAll } from 'vitest'
import { closeFileBrowser, startFileBrowser } from './harness'

// Every browser test file: the Chromium its tests share (harness.ts, openContext) starts as the
// file does, alongside its product, and ends with the file.
beforeAll(() => startFileBrowser())
afterAll(() => closeFileBrowser())
