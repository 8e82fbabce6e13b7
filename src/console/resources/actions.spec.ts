import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { createRegistry } from '../../schema/registry'
import { readSchemaFiles } from '../../schema/load-files'
import { actionFields, actionsFor, appliesTo, isPlainClick, newTabRel, playsSound, rowMatches, soundQuery } from './actions'

const registry = createRegistry(readSchemaFiles(resolve(__dirname, '../../../schemas')))
const orders = registry.resources.get('recharge_order')!
const cards = registry.resources.get('recharge_card')!
const action = (name: string) => cards.actions.find((a) => a.name === name)!
const names = (role: Parameters<typeof actionsFor>[2]) => actionsFor(registry, orders, role).map((a) => a.name)

describe('actionsFor', () => {
  it('offers an endpoint action to the roles that may call it, narrowed by its own roles', () => {
    // create is callable by both; "buy" is the partner's, "order-for" the admin's. Confirming is the admin's call alone.
    expect(names('admin')).toEqual(['order-for', 'confirm-paid', 'cancel'])
    expect(names('partner')).toEqual(['buy', 'cancel'])
    expect(names('merchant')).toEqual([])
    expect(names(undefined)).toEqual([])
  })

  it('keeps a link action to its roles', () => {
    const partners = registry.resources.get('partner')!
    expect(actionsFor(registry, partners, 'admin').map((a) => a.name)).toContain('merchants')
    expect(actionsFor(registry, partners, 'partner').map((a) => a.name)).not.toContain('merchants')
  })
})

describe('appliesTo', () => {
  it('shows confirm and cancel only on orders awaiting payment', () => {
    const confirm = orders.actions.find((a) => a.name === 'confirm-paid')!
    expect(['created', 'paid', 'credited', 'cancelled'].filter((status) => appliesTo(confirm, { status }))).toEqual(['created'])
  })
})
describe('resource actions', () => {
  it('match a row by every field of a condition; no condition matches all rows', () => {
    expect(rowMatches({ status: 0 }, { status: 0, id: 3 })).toBe(true)
    expect(rowMatches({ status: 0 }, { status: 1 })).toBe(false)
    expect(rowMatches({ status: 0, kind: 'money' }, { status: 0, kind: 'digital_man_count' })).toBe(false)
    expect(rowMatches(undefined, { status: 1 })).toBe(true)
    // "$me" is the signed-in account; with no one signed in, no row is theirs.
    expect(rowMatches({ status: 0, holder_id: '$me' }, { status: 0, holder_id: 7 }, 7)).toBe(true)
    expect(rowMatches({ status: 0, holder_id: '$me' }, { status: 0, holder_id: 8 }, 7)).toBe(false)
    expect(rowMatches({ holder_id: '$me' }, { holder_id: undefined })).toBe(false)
  })

  it("ask for a download's named query fields only, and for a form's body fields but the row's id", () => {
    expect(actionFields(registry, action('export'))).toEqual(['format'])
    expect(actionFields(registry, { ...action('export'), fields: undefined })).toEqual([])
    expect(actionFields(registry, action('transfer'))).toEqual(['to_user_id'])
    expect(actionFields(registry, { ...action('transfer'), fields: undefined })).toEqual(['to_user_id', 'ids', 'batch_no', 'quantity'])
  })

  it("open the console's own pages in a new tab with their opener (so a sign-in kept in session storage goes along), any other site without", () => {
    expect(newTabRel('/?login_type=1&merchant_id=7')).toBe('opener')
    expect(newTabRel('/promotion/merchant')).toBe('opener')
    expect(newTabRel('//evil.example/x')).toBe('noopener')
    expect(newTabRel('https://example.com/help')).toBe('noopener')
  })

  it("ask nothing of a plan's pause, resume and cancel: they act at once", () => {
    const plan = registry.resources.get('release_plan')!
    expect(plan.actions.filter((a) => a.endpoint).map((a) => [a.name, actionFields(registry, a)])).toEqual([['pause', []], ['resume', []], ['cancel', []], ['cancel-paused', []]])
  })

  it('follow a plain left click in the app, and leave a middle click or one with a key held to the browser', () => {
    const click = { button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false }
    expect(isPlainClick(click)).toBe(true)
    expect(isPlainClick({ ...click, button: 1 })).toBe(false)
    for (const key of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'] as const) expect(isPlainClick({ ...click, [key]: true })).toBe(false)
  })
})

describe('sound actions', () => {
  const voices = registry.resources.get('voice')!
  const tryIt = voices.actions.find((a) => a.name === 'try')!

  it("are the actions whose endpoint answers with a sound, played in the row; a video's or a form's are not", () => {
    expect(playsSound(registry, tryIt)).toBe(true)
    expect(voices.actions.filter((a) => a !== tryIt).some((a) => playsSound(registry, a))).toBe(false)
    expect(registry.resources.get('release_plan')!.actions.some((a) => playsSound(registry, a))).toBe(false)
  })

  it("ask for a sentence in the voice's own language, else the page's, for the row", () => {
    expect(soundQuery(registry, tryIt, { id: 7, language: 'en' }, 'zh-CN')).toEqual({ text: 'Hello, and welcome to this video.', [tryIt.rowId]: 7, lang: 'zh-CN' })
    expect(soundQuery(registry, tryIt, { id: 7, language: 'zh' }, 'en-US')).toMatchObject({ text: '你好，欢迎观看这段视频。' })
    expect(soundQuery(registry, tryIt, { id: 7 }, 'en-US')).toMatchObject({ text: 'Hello, and welcome to this video.', lang: 'en-US' })
  })
})
