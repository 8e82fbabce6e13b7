import type { Label } from '../../schema/types'
import type { Db } from '../db/connect'
import type { Services } from '../services'
import { readGroup } from '../settings/settings-store'
import { douyinAuth, type DouyinConfig } from '../providers/publisher/douyin'
import { kuaishouAuth, type KuaishouConfig } from '../providers/publisher/kuaishou'
import type { PlatformAuth } from '../providers/publisher/platform-auth'
import type { Publisher } from '../providers/publisher/publisher'
import { douyinPublisher } from '../providers/publisher/douyin-publisher'
import { kuaishouPublisher } from '../providers/publisher/kuaishou-publisher'

/** The platforms whose accounts are authorized through their open API; the others are assisted. */
export const OAUTH_PLATFORMS = ['douyin', 'kuaishou'] as const
export type OAuthPlatform = (typeof OAUTH_PLATFORMS)[number]

export const PLATFORM_NAMES: Record<OAuthPlatform, Label> = {
  douyin: { 'zh-CN': '抖音', 'en-US': 'Douyin' },
  kuaishou: { 'zh-CN': '快手', 'en-US': 'Kuaishou' },
}

/** A call to a platform's token API; an upload has its own, longer time. */
const AUTH_TIMEOUT_MS = 30_000

export interface PlatformApps {
  douyin: DouyinConfig | null
  kuaishou: KuaishouConfig | null
}

/** The platform's apps as the admin filled them in (publishing settings); null where one is not. */
export async function platformApps(services: Services, db: Db = services.db): Promise<PlatformApps> {
  const settings = await readGroup(services, services.registry.configGroups.get('publishing')!, db)
  const text = (name: string) => String(settings[name] ?? '')
  const timeoutMs = services.config.vendorTiming?.timeoutMs ?? AUTH_TIMEOUT_MS
  return {
    douyin: text('douyin_client_key') && text('douyin_client_secret') ? { clientKey: text('douyin_client_key'), clientSecret: text('douyin_client_secret'), apiUrl: text('douyin_api_url'), timeoutMs } : null,
    kuaishou: text('kuaishou_app_id') && text('kuaishou_app_secret') ? { appId: text('kuaishou_app_id'), appSecret: text('kuaishou_app_secret'), apiUrl: text('kuaishou_api_url'), timeoutMs } : null,
  }
}

/** The OAuth flow of one platform, or why it is not offered. */
export async function platformAuth(services: Services, platform: OAuthPlatform, db?: Db): Promise<PlatformAuth | { notConfigured: Label }> {
  const apps = await platformApps(services, db)
  if (platform === 'douyin' && apps.douyin) return douyinAuth(apps.douyin)
  if (platform === 'kuaishou' && apps.kuaishou) return kuaishouAuth(apps.kuaishou)
  return { notConfigured: notSetUp(platform) }
}

function notSetUp(platform: OAuthPlatform): Label {
  const name = PLATFORM_NAMES[platform]
  return {
    'zh-CN': `平台尚未接入${name['zh-CN']}开放平台：请管理员在“初始化配置”的短视频平台中填写应用信息。`,
    'en-US': `This platform's ${name['en-US']} app is not set up: an administrator fills it in under Short-video platforms in Initial configuration.`,
  }
}

/** Posting on one platform, or why it cannot be done. */
export async function platformPublisher(services: Services, platform: OAuthPlatform, db?: Db): Promise<Publisher | { notConfigured: Label }> {
  const apps = await platformApps(services, db)
  if (platform === 'douyin' && apps.douyin) return douyinPublisher(apps.douyin)
  if (platform === 'kuaishou' && apps.kuaishou) return kuaishouPublisher(apps.kuaishou)
  return { notConfigured: notSetUp(platform) }
}
