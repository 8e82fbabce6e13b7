import type { Role } from '../../schema/types'
import type { Kind } from '../transfers/rules'

/**
 * One thing that happens in the demo's month, at `at`. Accounts, packages, orders and card
 * batches are named by keys of the plan; the run finds their ids as it goes.
 */
export type DemoAction = { at: Date } & (
  /** An account joins: with `login`, one of the demo logins printed at start; without, a shop no one signs in to. */
  | { kind: 'join'; username: string; name: string; role: Role; parent?: string; login?: boolean; invite?: string }
  | { kind: 'package'; key: string; name: string; price: string; money?: string; digital_man_count?: number; digital_voice_count?: number }
  /** `by` places it: the buyer itself, or the admin for it. */
  | { kind: 'order'; key: string; by: string; buyer: string; package: string; remark?: string }
  | { kind: 'pay'; order: string; ref: string }
  | { kind: 'cancel'; order: string; by: string; reason: string }
  | { kind: 'issueCards'; batch: string; name: string; what: Kind; amount: string; quantity: number }
  | { kind: 'passCards'; batch: string; from: string; to: string; quantity: number }
  /** `by` redeems the password of an unused card of the batch that `holder` gave it. */
  | { kind: 'redeemCard'; batch: string; holder: string; by: string }
  | { kind: 'transfer'; from: string; to: string; what: Kind; amount: string; remark: string }
  | { kind: 'adjust'; by: string; account: string; amount: string; remark: string }
)

const DAY_MS = 86_400_000
const MINUTE_MS = 60_000

/** The demo partner's invitation code (its service prefix number), printed with the logins. */
export const DEMO_INVITE_CODE = '1001'

/**
 * A month of believable activity ending at `now`: accounts joining, recharge orders placed
 * and paid (one cancelled, one still awaiting payment), card batches issued, passed down and
 * redeemed, transfers down the tree and a few balance adjustments. The same shape every
 * time, dated back from `now`: days before today at office hours in China (01:00 to 11:00
 * UTC), today's a little before `now`. In time order, so balances never run short.
 *
 * ```ts
 * await runDemoMonth(services, planDemoMonth(services.now()))
 * ```
 */
export function planDemoMonth(now: Date): DemoAction[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  /** `daysAgo` days before today at hh:mm UTC. */
  const day = (daysAgo: number, hh: number, mm: number) => new Date(today - daysAgo * DAY_MS + (hh * 60 + mm) * MINUTE_MS)
  const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE_MS)

  // Remarks, reasons and the names of packages and cards are words people typed, shown as typed in
  // either language: written Chinese first, the English after, they read on a page in each.
  const plan: DemoAction[] = [
    { at: day(29, 1, 10), kind: 'join', username: 'admin', name: 'Administrator', role: 'admin', login: true },
    { at: day(29, 2, 0), kind: 'join', username: 'partner', name: 'Demo partner', role: 'partner', parent: 'admin', login: true, invite: DEMO_INVITE_CODE },
    { at: day(29, 2, 30), kind: 'package', key: 'starter', name: '入门套餐 · Starter', price: '980.00', money: '1000.00' },
    { at: day(29, 2, 35), kind: 'package', key: 'growth', name: '成长套餐 · Growth', price: '4800.00', money: '5000.00', digital_man_count: 20 },
    { at: day(29, 2, 40), kind: 'package', key: 'voice', name: '声音套餐 · Voice pack', price: '600.00', digital_voice_count: 50 },
    { at: day(28, 3, 20), kind: 'join', username: 'merchant1', name: 'Demo merchant 1', role: 'merchant', parent: 'partner', login: true },
    { at: day(27, 2, 15), kind: 'order', key: 'o1', by: 'partner', buyer: 'partner', package: 'growth' },
    { at: day(27, 5, 5), kind: 'pay', order: 'o1', ref: 'BANK-0427' },
    { at: day(27, 6, 0), kind: 'join', username: 'merchant2', name: 'Demo merchant 2', role: 'merchant', parent: 'partner', login: true },
    { at: day(26, 2, 30), kind: 'join', username: 'east-partner', name: 'East China partner', role: 'partner', parent: 'admin', invite: '1002' },
    { at: day(26, 3, 45), kind: 'transfer', from: 'partner', to: 'merchant1', what: 'money', amount: '800.00', remark: '开户资金 · Opening balance' },
    { at: day(25, 1, 40), kind: 'issueCards', batch: 'spring', name: '春季 100 元卡 · Spring ¥100 card', what: 'money', amount: '100.00', quantity: 30 },
    { at: day(25, 6, 40), kind: 'order', key: 'o2', by: 'admin', buyer: 'east-partner', package: 'starter', remark: '电话下单 · Placed on the phone' },
    { at: day(25, 7, 35), kind: 'pay', order: 'o2', ref: 'BANK-0512' },
    { at: day(24, 2, 10), kind: 'passCards', batch: 'spring', from: 'admin', to: 'partner', quantity: 12 },
    { at: day(24, 5, 45), kind: 'join', username: 'agent', name: 'Demo agent', role: 'agent', parent: 'partner', login: true },
    { at: day(23, 3, 5), kind: 'transfer', from: 'partner', to: 'merchant2', what: 'money', amount: '500.00', remark: '开户资金 · Opening balance' },
    { at: day(23, 8, 20), kind: 'passCards', batch: 'spring', from: 'admin', to: 'east-partner', quantity: 6 },
    { at: day(22, 4, 50), kind: 'redeemCard', batch: 'spring', holder: 'partner', by: 'merchant1' },
    { at: day(22, 7, 10), kind: 'join', username: 'east-shop', name: 'East tea shop', role: 'merchant', parent: 'east-partner' },
    { at: day(21, 3, 0), kind: 'order', key: 'o3', by: 'partner', buyer: 'partner', package: 'starter' },
    { at: day(21, 8, 0), kind: 'pay', order: 'o3', ref: 'BANK-0601' },
    { at: day(20, 2, 25), kind: 'transfer', from: 'partner', to: 'agent', what: 'money', amount: '200.00', remark: '差旅补贴 · Travel allowance' },
    { at: day(20, 6, 15), kind: 'redeemCard', batch: 'spring', holder: 'partner', by: 'merchant2' },
    { at: day(19, 4, 30), kind: 'transfer', from: 'partner', to: 'merchant1', what: 'digital_man_count', amount: '5', remark: '试用克隆次数 · Trial clones' },
    { at: day(18, 2, 0), kind: 'adjust', by: 'admin', account: 'partner', amount: '500.00', remark: '活动奖励 · Campaign bonus' },
    { at: day(18, 4, 5), kind: 'join', username: 'tea-house', name: 'Tea house', role: 'merchant', parent: 'partner' },
    { at: day(17, 7, 20), kind: 'order', key: 'o4', by: 'partner', buyer: 'partner', package: 'voice' },
    { at: day(17, 9, 20), kind: 'pay', order: 'o4', ref: 'BANK-0655' },
    { at: day(16, 3, 15), kind: 'transfer', from: 'partner', to: 'tea-house', what: 'money', amount: '300.00', remark: '开户资金 · Opening balance' },
    { at: day(16, 5, 55), kind: 'redeemCard', batch: 'spring', holder: 'partner', by: 'tea-house' },
    { at: day(15, 6, 30), kind: 'redeemCard', batch: 'spring', holder: 'east-partner', by: 'east-shop' },
    { at: day(14, 1, 30), kind: 'issueCards', batch: 'clones', name: '五次克隆卡 · Five-clone card', what: 'digital_man_count', amount: '5', quantity: 10 },
    { at: day(14, 2, 0), kind: 'passCards', batch: 'clones', from: 'admin', to: 'partner', quantity: 5 },
    { at: day(13, 2, 50), kind: 'order', key: 'o5', by: 'east-partner', buyer: 'east-partner', package: 'growth' },
    { at: day(13, 6, 50), kind: 'pay', order: 'o5', ref: 'BANK-0731' },
    { at: day(12, 3, 40), kind: 'transfer', from: 'east-partner', to: 'east-shop', what: 'money', amount: '600.00', remark: '开户资金 · Opening balance' },
    { at: day(12, 5, 10), kind: 'redeemCard', batch: 'spring', holder: 'partner', by: 'merchant1' },
    { at: day(11, 8, 30), kind: 'join', username: 'noodle-bar', name: 'Noodle bar', role: 'merchant', parent: 'partner' },
    { at: day(10, 2, 45), kind: 'transfer', from: 'partner', to: 'merchant2', what: 'money', amount: '450.00', remark: '月度补贴 · Monthly allowance' },
    { at: day(9, 5, 10), kind: 'order', key: 'o6', by: 'partner', buyer: 'partner', package: 'starter' },
    { at: day(9, 9, 40), kind: 'cancel', order: 'o6', by: 'partner', reason: '误下两单 · Ordered twice by mistake' },
    { at: day(9, 7, 25), kind: 'redeemCard', batch: 'spring', holder: 'partner', by: 'noodle-bar' },
    { at: day(8, 3, 30), kind: 'order', key: 'o7', by: 'admin', buyer: 'partner', package: 'growth', remark: '续费 · Renewal' },
    { at: day(8, 5, 30), kind: 'pay', order: 'o7', ref: 'BANK-0818' },
    { at: day(7, 4, 20), kind: 'transfer', from: 'partner', to: 'noodle-bar', what: 'money', amount: '260.00', remark: '开户资金 · Opening balance' },
    { at: day(7, 6, 35), kind: 'redeemCard', batch: 'spring', holder: 'east-partner', by: 'east-shop' },
    { at: day(6, 3, 0), kind: 'adjust', by: 'admin', account: 'partner', amount: '-120.00', remark: '培训费 · Training fee' },
    { at: day(6, 7, 45), kind: 'redeemCard', batch: 'spring', holder: 'partner', by: 'merchant2' },
    { at: day(5, 2, 35), kind: 'transfer', from: 'partner', to: 'merchant1', what: 'money', amount: '380.00', remark: '月度补贴 · Monthly allowance' },
    { at: day(5, 6, 5), kind: 'redeemCard', batch: 'clones', holder: 'partner', by: 'merchant1' },
    { at: day(4, 3, 50), kind: 'join', username: 'flower-studio', name: 'Flower studio', role: 'merchant', parent: 'partner' },
    { at: day(4, 8, 10), kind: 'adjust', by: 'admin', account: 'east-partner', amount: '200.00', remark: '推荐奖励 · Referral reward' },
    { at: day(3, 6, 0), kind: 'order', key: 'o8', by: 'east-partner', buyer: 'east-partner', package: 'starter' },
    { at: day(3, 7, 0), kind: 'pay', order: 'o8', ref: 'BANK-0902' },
    { at: day(2, 2, 20), kind: 'transfer', from: 'partner', to: 'flower-studio', what: 'money', amount: '150.00', remark: '开户资金 · Opening balance' },
    { at: day(2, 5, 15), kind: 'redeemCard', batch: 'spring', holder: 'partner', by: 'flower-studio' },
    { at: day(1, 4, 40), kind: 'order', key: 'o9', by: 'partner', buyer: 'partner', package: 'starter', remark: '等待银行转账 · Awaiting the bank transfer' },
    { at: day(1, 6, 25), kind: 'transfer', from: 'partner', to: 'merchant1', what: 'digital_man_count', amount: '3', remark: '追加克隆次数 · Extra clones' },
    { at: ago(95), kind: 'redeemCard', batch: 'clones', holder: 'partner', by: 'merchant2' },
    { at: ago(35), kind: 'transfer', from: 'partner', to: 'merchant2', what: 'money', amount: '220.00', remark: '周末促销 · Weekend promotion' },
  ]
  return plan.sort((a, b) => a.at.getTime() - b.at.getTime())
}

/** The plan's demo logins alone, joining at `now` (DEMO_MONTH=0): a world as quiet as a new installation's. */
export function demoLoginsOnly(plan: readonly DemoAction[], now: Date): DemoAction[] {
  return plan.filter((action) => action.kind === 'join' && action.login).map((action) => ({ ...action, at: now }))
}
