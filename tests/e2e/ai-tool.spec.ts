import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './axe'
import { settler } from './settle'
import { callApi, clickWhenSettled, startProduct, withSignedIn, type Product } from './harness'
import { startChatContract, type ChatContract } from '../support/chat-contract'

let product: Product
let contract: ChatContract

beforeAll(async () => {
  contract = await startChatContract()
  product = await startProduct()
  await callApi(product, { username: 'admin' }, 'POST', '/platform/set_config', { group: 'providers', values: { chat: 'openai-compatible', chat_base_url: contract.url, chat_api_key: contract.apiKey, chat_model: 'contract-chat' } })
}, 120_000)
afterAll(async () => {
  await product?.stop()
  await contract?.close()
})

describe('the AI tool', () => {
  it('an admin makes an assistant open to merchants, talks with it in the playground as it writes, and finds the call in the log', () =>
    withSignedIn(product, 'admin', async (page) => {
      // Spec §2: one menu entry, its pages not listed under it.
      await page.getByRole('menuitem', { name: 'AI agent tool' }).click()
      await page.waitForURL(/\/ai-tool\/ai-tool-index(\?|$)/)
      // The dashboard stays on screen until the assistants' page has loaded.
      await page.getByRole('heading', { name: 'AI agent tool' }).waitFor()
      const settled = settler(page)
      await page.getByRole('button', { name: /New|Create/ }).first().click()
      await page.waitForURL(/\/ai-tool\/ai-tool-index\/create$/)
      // Opened inside the app, which networkidle does not see.
      await settled()
      await page.locator('#root_name').fill('Script writer')
      await page.getByLabel('What it is for').fill('Writes a 30-second video script')
      await page.getByLabel('System prompt').fill('You write short, friendly video scripts.')
      await page.getByRole('checkbox', { name: 'Merchant' }).check()
      await page.getByRole('button', { name: 'Save' }).click()
      await page.waitForURL(/\/ai-tool\/ai-tool-index(\/show\/\d+)?(\?|$)/)
      await page.goto(`${product.url}/ai-tool/ai-tool-index`)
      const row = page.getByRole('row', { name: /Script writer/ })
      await row.waitFor()
      expect(await row.locator('.ant-tag').allTextContents()).toEqual(['Merchant'])
      expect(await axeViolations(page)).toEqual([])

      await row.getByRole('link', { name: 'Try' }).click()
      await page.waitForURL(/\/ai-tool\/playground\?assistant=\d+$/)
      // The menu keeps the AI tool selected on its hidden pages.
      await page.locator('.ant-menu-item-selected', { hasText: 'AI agent tool' }).waitFor()
      await page.getByText('Writes a 30-second video script').waitFor()
      const message = page.getByLabel('Message')
      await message.fill('A script about cold-brew tea')
      await message.press('Enter')
      const log = page.getByRole('log', { name: 'Conversation' })
      await log.getByText('You said: A script about cold-brew tea').waitFor()
      await log.getByText(/contract-chat · \d+ prompt \+ \d+ completion tokens/).waitFor()
      expect(contract.requests.at(-1)!.body.messages).toEqual([{ role: 'system', content: 'You write short, friendly video scripts.' }, { role: 'user', content: 'A script about cold-brew tea' }])
      // The conversation goes on with what was said before.
      await message.fill('Shorter, please')
      await page.getByRole('button', { name: 'Send' }).click()
      await log.getByText('You said: Shorter, please').waitFor()
      expect((contract.requests.at(-1)!.body.messages as unknown[]).length).toBe(4)
      // A failed answer says why, and is left out of what is sent next.
      contract.mode = 'busy'
      await message.fill('And a title?')
      await message.press('Enter')
      await log.getByText('The AI writer is busy or failing (HTTP 429: Rate limit reached for requests.); it will be tried again.').waitFor()
      contract.mode = 'ok'
      await message.fill('A title, please')
      await message.press('Enter')
      await log.getByText('You said: A title, please').waitFor()
      expect((contract.requests.at(-1)!.body.messages as { role: string }[]).map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user', 'user'])
      expect(await axeViolations(page)).toEqual([])

      await page.goto(`${product.url}/ai-tool/ai-tool-index`)
      await page.getByRole('link', { name: 'Call log' }).click()
      // A list adds its page and sort to the address once open.
      await page.waitForURL(/\/ai-tool\/ai-call(\?|$)/)
      const calls = page.getByRole('row', { name: /Script writer/ })
      await expect.poll(() => calls.count()).toBe(4)
      expect(await calls.first().textContent()).toMatch(/Assistant.*Script writer.*contract-chat.*Succeeded/)
    }, 'en-US', { at: '/home/index' }), 120_000)

  it('a merchant has the script of a video written by an assistant and its title imitated from a hit, and takes them into the form', () =>
    withSignedIn(product, 'merchant1', async (page) => {
      contract.answer = 'Hello there! Our new cold-brew tea is smooth and light. Come and taste it today.'
      await page.goto(`${product.url}/digital-human/create-video`)
      await page.waitForLoadState('networkidle')
      await page.getByRole('button', { name: 'Write with AI' }).click()
      const dialog = page.getByRole('dialog', { name: 'Write the script with AI' })
      await dialog.getByLabel('What should it say?').fill('Our new cold-brew tea, 20 seconds')
      await clickWhenSettled(dialog.getByRole('button', { name: 'Write', exact: true }))
      await dialog.getByText(/contract-chat · \d+ prompt/).waitFor()
      expect(await dialog.getByLabel('Conversation').inputValue()).toBe(contract.answer)
      expect(await axeViolations(page)).toEqual([])
      await dialog.getByRole('button', { name: 'Use this script' }).click()
      await dialog.waitFor({ state: 'detached' })
      expect(await page.getByLabel('Script', { exact: true }).inputValue()).toBe(contract.answer)

      // The title, picked from titles written in the style of a hit.
      contract.answer = '["Cold brew saved my summer", "Three secrets of cold brew", "Bitter? Then it is free"]'
      await page.getByRole('button', { name: 'Titles with AI' }).click()
      const ideas = page.getByRole('dialog', { name: 'Titles in the style of a hit' })
      await ideas.getByLabel('A title that did well').fill('This bubble tea tastes like first love')
      await clickWhenSettled(ideas.getByRole('button', { name: 'Write', exact: true }))
      await ideas.getByRole('button', { name: 'Use “Three secrets of cold brew”' }).click()
      await ideas.waitFor({ state: 'detached' })
      expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Three secrets of cold brew')
      expect(contract.requests.at(-1)!.body.messages).toEqual([expect.objectContaining({ role: 'system' }), { role: 'user', content: 'Title that did well: "This bubble tea tastes like first love"\nWrite 5 new titles.' }])
      contract.answer = undefined
    }), 120_000)

  it('with no AI writer set up, the merchant sees no AI button and the playground says why', async () => {
    await callApi(product, { username: 'admin' }, 'POST', '/platform/set_config', { group: 'providers', values: { chat: 'none' } })
    await withSignedIn(product, 'merchant1', async (page) => {
      await page.waitForLoadState('networkidle')
      await page.getByRole('button', { name: 'From the script library' }).waitFor()
      expect(await page.getByRole('button', { name: 'Write with AI' }).count()).toBe(0)
    }, 'en-US', { at: '/digital-human/create-video' })
    await withSignedIn(product, 'admin', async (page) => {
      await page.getByText('No AI writer is set up').waitFor()
      await page.getByRole('button', { name: 'Set it up in Initial configuration' }).click()
      await page.waitForURL(/\/account\/system-init$/)
    }, 'en-US', { at: '/ai-tool/playground' })
  }, 120_000)
})
