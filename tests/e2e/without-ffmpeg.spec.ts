import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { goTo } from './screens'
import { startProduct, withSignedIn, type Product } from './harness'

// The media tools are looked for as the server starts: a machine without them is a product of its own.
let bare: Product
beforeAll(async () => {
  bare = await startProduct({ env: { FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' } })
})
afterAll(() => bare?.stop())

const SCREENS = ['/creation/resource', '/creation/clip', '/creation/mixedshear', '/creation/mixed-task']

describe('a machine without ffmpeg', () => {
  it('says what is missing, and how to install it, on the creation screens', () =>
    withSignedIn(
      bare,
      'merchant1',
      async (page) => {
        const heading = page.locator('h1').first()
        for (const [index, path] of SCREENS.entries()) {
          if (index > 0) {
            // Opened as the menu opens it: the screen before is gone once its heading is.
            const before = await heading.textContent()
            await goTo(page, path)
            await expect.poll(() => heading.textContent()).not.toBe(before)
          }
          const alert = page.locator('.ant-alert', { hasText: '此服务器暂时无法处理音视频' })
          await alert.waitFor()
          expect(await alert.textContent()).toContain('apt-get install -y ffmpeg')
          expect(await alert.textContent()).toContain('/nonexistent/ffmpeg')
        }
      },
      'zh-CN',
      { at: SCREENS[0] },
    ))
})
