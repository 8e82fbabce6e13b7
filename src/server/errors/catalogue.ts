import type { Locale } from '../../schema/types'

type Params = Record<string, string | number>
interface Entry {
  /** HTTP status; 200 for everything the console reads from the envelope. */
  status: number
  /** The envelope's code: 0 for a failure a person can act on, 500xx for the session cases of spec §8. */
  code: number
  text: Record<Locale, (p: Params) => string>
}

/** Every error the API can answer, with its status, envelope code and wording in both locales. */
export const ERRORS = {
  AUTH_REQUIRED: { status: 401, code: 0, text: { 'en-US': () => 'Sign in first: this call needs the token header.', 'zh-CN': () => '请先登录：此接口需要 token 请求头。' } },
  AUTH_TOKEN_INVALID: { status: 200, code: 50008, text: { 'en-US': () => 'Your sign-in token is not valid. Sign in again.', 'zh-CN': () => '登录凭证无效，请重新登录。' } },
  AUTH_SESSION_REVOKED: { status: 200, code: 50012, text: { 'en-US': () => 'You have been signed out (signed out elsewhere, password changed or account disabled). Sign in again.', 'zh-CN': () => '您已被登出（在别处退出、密码已修改或账号被禁用），请重新登录。' } },
  AUTH_SESSION_EXPIRED: { status: 200, code: 50014, text: { 'en-US': () => 'Your session has expired. Sign in again.', 'zh-CN': () => '登录已过期，请重新登录。' } },
  AUTH_LOGIN_FAILED: { status: 200, code: 0, text: { 'en-US': () => 'Wrong username or password.', 'zh-CN': () => '用户名或密码错误。' } },
  AUTH_ACCOUNT_DISABLED: { status: 200, code: 0, text: { 'en-US': () => 'This account is disabled. Ask your administrator to enable it.', 'zh-CN': () => '该账号已被禁用，请联系管理员启用。' } },
  AUTH_PASSWORD_WRONG: { status: 200, code: 0, text: { 'en-US': () => 'The current password is wrong.', 'zh-CN': () => '原密码错误。' } },
  ROLE_FORBIDDEN: { status: 403, code: 0, text: { 'en-US': (p) => `Your role (${p.role}) may not call ${p.route}.`, 'zh-CN': (p) => `您的角色（${p.role}）无权调用 ${p.route}。` } },
  RECORD_NOT_FOUND: { status: 200, code: 0, text: { 'en-US': (p) => `${p.entity} ${p.id} does not exist.`, 'zh-CN': (p) => `${p.entity} ${p.id} 不存在。` } },
  RECORD_CONFLICT: { status: 200, code: 0, text: { 'en-US': (p) => `${p.field} "${p.value}" is already used by another ${p.entity}.`, 'zh-CN': (p) => `${p.field}“${p.value}”已被其他${p.entity}使用。` } },
  RELATION_NOT_FOUND: { status: 200, code: 0, text: { 'en-US': (p) => `${p.field}: there is no ${p.entity} ${p.id} you can choose.`, 'zh-CN': (p) => `${p.field}：没有可选的${p.entity} ${p.id}。` } },
  AGREEMENT_NOT_PUBLISHED: { status: 200, code: 0, text: { 'en-US': (p) => `${p.kind} has not been published yet. Please check back later.`, 'zh-CN': (p) => `${p.kind}尚未发布，请稍后再来查看。` } },
  VALIDATION_FAILED: { status: 200, code: 0, text: { 'en-US': (p) => String(p.first), 'zh-CN': (p) => String(p.first) } },
  REQUEST_JSON_INVALID: { status: 400, code: 0, text: { 'en-US': () => 'The request body is not valid JSON.', 'zh-CN': () => '请求体不是有效的 JSON。' } },
  REQUEST_MEDIA_TYPE: { status: 415, code: 0, text: { 'en-US': (p) => `Content type ${p.type} is not accepted; send application/json.`, 'zh-CN': (p) => `不支持的内容类型 ${p.type}，请使用 application/json。` } },
  REQUEST_TOO_LARGE: { status: 413, code: 0, text: { 'en-US': (p) => `The request body is larger than ${p.limit} bytes.`, 'zh-CN': (p) => `请求体超过 ${p.limit} 字节。` } },
  REQUEST_INVALID: { status: 400, code: 0, text: { 'en-US': (p) => `The request could not be read: ${p.reason}`, 'zh-CN': (p) => `无法解析请求：${p.reason}` } },
  ROUTE_NOT_FOUND: { status: 404, code: 0, text: { 'en-US': (p) => `There is no ${p.route}.`, 'zh-CN': (p) => `接口 ${p.route} 不存在。` } },
  RATE_LIMITED: { status: 429, code: 0, text: { 'en-US': (p) => `Too many attempts. Try again in ${p.seconds} seconds.`, 'zh-CN': (p) => `尝试次数过多，请 ${p.seconds} 秒后再试。` } },
  INTERNAL: { status: 500, code: 0, text: { 'en-US': (p) => `Something went wrong on the server (reference ${p.reference}).`, 'zh-CN': (p) => `服务器内部错误（编号 ${p.reference}）。` } },
} satisfies Record<string, Entry>

export type ErrorCode = keyof typeof ERRORS
