import { namedHandler } from '../engine/handler-context'
import { fieldLabel } from '../engine/generic/labels'
import { readGroup } from '../settings/settings-store'
import type { Quota } from '../ledger/ledger'
import { EXCHANGEABLE, exchangeRate } from './rules'

/**
 * What the exchange dialog says before anything is typed: how many units one CNY buys of each
 * quota now, which exchanges are closed, and, when none is open, that nothing can be exchanged
 * until an administrator opens one. The dialog starts on the first open quota.
 */
const exchangeNotices = namedHandler(['platform/exchange_notices'], {
  async run(ctx) {
    const group = ctx.services.registry.configGroups.get('platform')
    const settings = group ? await readGroup(ctx.services, group) : {}
    const user = ctx.services.registry.entities.get('user')!
    const named = (quota: Quota) => fieldLabel(user, quota, ctx)
    const open = EXCHANGEABLE.map((quota) => ({ quota, rate: exchangeRate(settings, quota) })).filter(({ rate }) => rate > 0)
    const closed = EXCHANGEABLE.filter((quota) => !open.some((o) => o.quota === quota))
    const zh = ctx.locale === 'zh-CN'
    if (open.length === 0) {
      const message = zh ? '本平台暂未开放余额兑换：管理员在设置中心（业务配置）设置兑换数并列出兑换项后，才能兑换。' : 'No exchange is open on this platform: an administrator opens one in the settings centre (business rules), with its units per CNY.'
      return { notices: [{ type: 'warning' as const, message }] }
    }
    const rates = open.map(({ quota, rate }) => (zh ? `${named(quota)} ${rate} 次` : `${rate} ${named(quota).toLowerCase()}`)).join(zh ? '，' : ', ')
    const notices = [{ type: 'info' as const, message: zh ? `1 元余额可兑换：${rates}。只能用整元兑换。` : `1 CNY of balance buys ${rates}. Only whole CNY are exchanged.` }]
    if (closed.length > 0) notices.push({ type: 'info' as const, message: zh ? `暂未开放：${closed.map(named).join('、')}。` : `Not open now: ${closed.map(named).join(', ')}.` })
    return { notices, values: { quota: open[0]!.quota } }
  },
})

export const exchangeNoticeHandlers = {
  'transfers.exchangeNotices': exchangeNotices,
}
