import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copySchemas, startTestServer, type TestServer } from './harness'
import { addClipRoute } from '../support/clip-route'
import type { MenuGroup } from '../../src/schema/route-access'

let server: TestServer
const token: Record<string, string> = {}

beforeAll(async () => {
  const schemasDir = copySchemas()
  addClipRoute(schemasDir)
  server = await startTestServer({ schemasDir })
  token.admin = (await server.account('admin', 'admin')).token
  token.partner = (await server.account('partner', 'partner', 'admin')).token
  token.merchant = (await server.account('merchant', 'merchant', 'partner')).token
  token.agent = (await server.account('agent', 'agent', 'partner')).token
})
afterAll(() => server.close())

const menuOf = async (who: string) => {
  const res = await server.call<MenuGroup[]>('POST', '/api/user/menu', { token: token[who] })
  expect(res.body.code).toBe(1)
  return res.body.data
}
const shown = (menu: MenuGroup[]) => menu.flatMap((g) => g.children.filter((c) => !c.hideInMenu).map((c) => c.path))
const reachable = (menu: MenuGroup[]) => menu.flatMap((g) => g.children.map((c) => c.path))

describe('POST /api/user/menu', () => {
  it("gives each role the routes its lists allow, in menu order, with the developer groups' routes reachable but not shown", async () => {
    const admin = await menuOf('admin')
    // An admin keeps the platform's shared library in the materials screen, the one creation page it has.
    expect(admin.map((g) => g.name)).toEqual(['home', 'creation', 'matrix-distribution', 'promotion', 'protocol', 'ai-tool', 'domain', 'account', 'user', 'exception'])
    const adminRoutes = ['/home/index', '/creation/resource', '/matrix-distribution/accounts', '/promotion/merchant', '/promotion/partner', '/promotion/agent', '/promotion/tree', '/promotion/card-password', '/promotion/overstep-log', '/protocol/article', '/protocol/agreement', '/ai-tool/ai-tool-index', '/domain/domainList', '/account/property', '/account/quota-log', '/account/transfer-record', '/account/settings', '/account/industry', '/account/script', '/account/voice-record', '/account/recharge', '/account/recharge-order', '/account/system-init']
    expect(shown(admin)).toEqual(adminRoutes)
    // All merchants is reached from a partner's row, not from the menu; the packages on sale feed the order form.
    const hidden = (routes: string[]) => routes.flatMap((r) => (r === '/account/recharge' ? [r, '/account/recharge-offer'] : r === '/promotion/merchant' ? ['/promotion/all-merchant', r] : r === '/ai-tool/ai-tool-index' ? [r, '/ai-tool/playground', '/ai-tool/ai-call'] : r === '/creation/resource' ? [r, '/creation/folders'] : [r]))
    expect(reachable(admin)).toEqual([...hidden(adminRoutes), '/user/info', '/user/setting', '/exception/403', '/exception/404', '/exception/500'])
    expect(admin[6]).toMatchObject({ path: '/domain', label: { 'zh-CN': '域名管理', 'en-US': 'Domains' }, icon: 'global', order: 65 })
    expect(admin[6]).not.toHaveProperty('hideChildrenInMenu')
    // Spec §2: the AI tool is one menu entry; its playground and call log open from its page.
    expect(admin[5]).toMatchObject({ path: '/ai-tool', icon: 'robot', order: 60, hideChildrenInMenu: true })
    expect(admin[6]!.children[0]).toEqual({ name: 'domain', path: '/domain/domainList', label: { 'zh-CN': '品牌/域名列表', 'en-US': 'Brand / domain list' }, hideInMenu: false })

    const merchant = await menuOf('merchant')
    expect(shown(merchant)).toEqual(['/dashboard/workBench', '/digital-human/image-clone', '/digital-human/high-image-clone', '/digital-human/sound-clone', '/digital-human/digital-video', '/digital-human/clone-task', '/digital-human/video-template', '/creation/flagged-clip', '/creation/resource', '/creation/clip', '/creation/mixed-task', '/matrix-distribution/authorization', '/matrix-distribution/release-plan', '/matrix-distribution/video-data', '/account/property', '/account/quota-log'])
    expect(reachable(merchant)).toEqual(['/dashboard/to-create-video', '/dashboard/workBench', '/digital-human/image-clone-new', '/digital-human/image-clone', '/digital-human/high-image-clone', '/digital-human/sound-clone-new', '/digital-human/sound-clone', '/digital-human/digital-video', '/digital-human/create-video', '/digital-human/clone-task', '/digital-human/my-creation', '/digital-human/video-template', '/creation/flagged-clip', '/creation/resource', '/creation/clip', '/creation/folders', '/creation/mixed-task', '/creation/mixedshear', '/creation/task', '/matrix-distribution/authorization', '/matrix-distribution/links', '/matrix-distribution/release-plan', '/matrix-distribution/video-data', '/account/property', '/account/quota-log', '/user/info', '/user/setting', '/exception/404', '/exception/500'])
    // An agent may open only the user pages (spec §2): they are its menu, not an empty one.
    expect(shown(await menuOf('agent'))).toEqual(['/user/info', '/user/setting'])
  })

  it('leaves out a route whose profile flag the account has off', async () => {
    await server.services.db.updateTable('account').set({ show_clip_menu: 0 }).where('username', '=', 'merchant').execute()
    expect(reachable(await menuOf('merchant'))).not.toContain('/creation/flagged-clip')
    expect(shown(await menuOf('partner'))).toEqual(['/dashboard/workBench', '/digital-human/image-clone', '/digital-human/high-image-clone', '/digital-human/sound-clone', '/digital-human/digital-video', '/digital-human/clone-task', '/digital-human/video-template', '/creation/flagged-clip', '/creation/resource', '/creation/clip', '/creation/mixed-task', '/matrix-distribution/accounts', '/matrix-distribution/authorization', '/matrix-distribution/release-plan', '/matrix-distribution/video-data', '/promotion/merchant', '/promotion/partner', '/promotion/agent', '/promotion/tree', '/promotion/card-password', '/promotion/overstep-log', '/protocol/article', '/account/property', '/account/quota-log', '/account/transfer-record', '/account/recharge-order'])
  })

  it('needs a signed-in caller', async () => {
    const res = await server.call('POST', '/api/user/menu')
    expect(res.status).toBe(401)
  })
})
