import { plusApplies, type CostLedger, type Label, type TaskCost } from '../../schema/types'

/** What submitting a task will reserve, as far as the console can tell before it is sent. */
export type CostEstimate =
  /** The kind costs nothing. */
  | { kind: 'free' }
  /** `total` fen (money) or units (a quota): `rate` times `units`, and `plus` once when the input calls for it. */
  | { kind: 'known'; ledger: CostLedger; per: TaskCost['per']; rate: number; units: number; total: number; plus?: { amount: number; label: Label } }
  /** The rate is a setting this account cannot read: only how it is counted is known. */
  | { kind: 'unknown'; ledger: CostLedger; per: TaskCost['per'] }

/**
 * The cost of one submission of a kind with this input: the kind's rate (a number, or the
 * platform setting holding it, read from get_platform_config) times what it is counted by
 * (once, an integer field such as the variants asked for, or a text's characters).
 */
export function estimateCost(cost: TaskCost | undefined, settings: Record<string, unknown> | undefined, input: Record<string, unknown>, size?: MeasuredSize): CostEstimate {
  if (!cost) return { kind: 'free' }
  const rate = typeof cost.rate === 'number' ? cost.rate : settingOf(settings, cost.rate.setting)
  // Minutes of output are known once the server has measured the submission (task/estimate_KIND).
  if (rate === undefined || (cost.per === 'outputMinute' && !size)) return { kind: 'unknown', ledger: cost.ledger, per: cost.per }
  const units = cost.per === 'outputMinute' ? size!.variants * Math.ceil(size!.output_seconds / 60) : unitsOf(cost.per, input)
  if (!plusApplies(cost, input)) return { kind: 'known', ledger: cost.ledger, per: cost.per, rate, units, total: rate * units }
  const plus = typeof cost.plus!.rate === 'number' ? cost.plus!.rate : settingOf(settings, cost.plus!.rate.setting)
  if (plus === undefined) return { kind: 'unknown', ledger: cost.ledger, per: cost.per }
  return { kind: 'known', ledger: cost.ledger, per: cost.per, rate, units, total: rate * units + plus, plus: { amount: plus, label: cost.plus!.label } }
}

/** What the server measured a submission to make (task/estimate_KIND's "size"). */
export interface MeasuredSize {
  output_seconds: number
  variants: number
}

/** What a kind is counted by, as the console names it: once a task, per started minute of video, per video made, or per character. */
export function countedBy(per: TaskCost['per']): 'task' | 'minute' | 'output' | 'character' {
  return per === 'task' ? 'task' : per === 'outputMinute' ? 'minute' : 'field' in per ? 'output' : 'character'
}

/** "platform.clip_output_cost": setting names are unique across groups, so the answer holds it by its own name. */
function settingOf(settings: Record<string, unknown> | undefined, setting: string): number | undefined {
  const value = settings?.[setting.slice(setting.indexOf('.') + 1)]
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined
}

function unitsOf(per: Exclude<TaskCost['per'], 'outputMinute'>, input: Record<string, unknown>): number {
  if (per === 'task') return 1
  if ('field' in per) {
    const n = input[per.field]
    return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 0
  }
  const text = input[per.length]
  return typeof text === 'string' ? [...text].length : 0
}

/** Fen as CNY with two decimals: 30 → "0.30". */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : ''
  const abs = Math.abs(Math.round(fen))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}
