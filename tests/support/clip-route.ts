import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A route for partners and merchants shown only to accounts whose show_clip_menu is 1, as the
 * clip screens will be. Its page is the user info page: any page shows whether the route opened.
 */
export function addClipRoute(schemasDir: string): void {
  const file = join(schemasDir, 'navigation.json')
  const navigation = JSON.parse(readFileSync(file, 'utf8')) as { groups: { name: string; children: unknown[] }[] }
  const route = { name: 'flagged-clip', path: 'flagged-clip', label: { 'zh-CN': '按开关显示的剪辑', 'en-US': 'Flagged clip' }, page: 'user-info', roles: ['partner', 'merchant'], profileFlag: 'show_clip_menu' }
  const creation = navigation.groups.find((g) => g.name === 'creation')
  if (creation) creation.children.push(route)
  else navigation.groups.push({ name: 'creation', path: '/creation', label: { 'zh-CN': '创作中心', 'en-US': 'Creation' }, order: 5, children: [route] } as never)
  writeFileSync(file, JSON.stringify(navigation, null, 2))
}
