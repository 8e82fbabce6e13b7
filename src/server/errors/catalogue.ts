import type { Locale } from '../../schema/types'
import type { FailureCode } from '../../schema/envelope'

type Params = Record<string, string | number>
interface Entry {
  /** HTTP status; 200 for everything the console reads from the envelope. */
  status: number
  /** The envelope's code: 0 for a failure a person can act on, 500xx for the session cases of spec §8. */
  code: FailureCode
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
  CAPTCHA_WRONG: { status: 200, code: 0, text: { 'en-US': () => 'The picture code is wrong or has expired. Type the characters of the new picture.', 'zh-CN': () => '图形验证码错误或已过期，请输入新图片中的字符。' } },
  RESET_CODE_WRONG: { status: 200, code: 0, text: { 'en-US': (p) => `The code is wrong. ${p.left} ${p.left === 1 ? 'try' : 'tries'} left for this code.`, 'zh-CN': (p) => `验证码错误，此验证码还可尝试 ${p.left} 次。` } },
  RESET_CODE_EXPIRED: { status: 200, code: 0, text: { 'en-US': () => 'The code has expired. Ask for a new one.', 'zh-CN': () => '验证码已过期，请重新获取。' } },
  RESET_CODE_USED: { status: 200, code: 0, text: { 'en-US': () => 'This code has already been used. Ask for a new one.', 'zh-CN': () => '该验证码已被使用，请重新获取。' } },
  RESET_CODE_LOCKED: { status: 200, code: 0, text: { 'en-US': () => 'Too many wrong codes. Ask for a new one.', 'zh-CN': () => '验证码错误次数过多，请重新获取。' } },
  RESET_CODE_MISSING: { status: 200, code: 0, text: { 'en-US': () => 'No code has been asked for this account. Ask for one first.', 'zh-CN': () => '该账号尚未获取验证码，请先获取。' } },
  RESET_CODE_TOO_SOON: { status: 429, code: 0, text: { 'en-US': (p) => `A code was sent moments ago. Wait ${p.seconds} seconds before asking for another.`, 'zh-CN': (p) => `验证码刚刚已发送，请 ${p.seconds} 秒后再获取。` } },
  RESET_CODE_LIMITED: { status: 429, code: 0, text: { 'en-US': (p) => `Too many codes have been asked for. Try again in ${p.minutes} minutes.`, 'zh-CN': (p) => `获取验证码次数过多，请 ${p.minutes} 分钟后再试。` } },
  RESET_CODE_NOT_SENT: { status: 200, code: 0, text: { 'en-US': () => 'The code could not be sent just now. Try again in a few minutes, or ask your administrator.', 'zh-CN': () => '验证码暂时无法发送，请几分钟后再试或联系管理员。' } },
  ROLE_FORBIDDEN: { status: 403, code: 0, text: { 'en-US': (p) => `Your role (${p.role}) may not call ${p.route}.`, 'zh-CN': (p) => `您的角色（${p.role}）无权调用 ${p.route}。` } },
  RECORD_NOT_FOUND: { status: 200, code: 0, text: { 'en-US': (p) => `${p.entity} ${p.id} does not exist.`, 'zh-CN': (p) => `${p.entity} ${p.id} 不存在。` } },
  RECORD_CONFLICT: { status: 200, code: 0, text: { 'en-US': (p) => `${p.field} "${p.value}" is already used by another ${p.entity}.`, 'zh-CN': (p) => `${p.field}“${p.value}”已被其他${p.entity}使用。` } },
  RELATION_NOT_FOUND: { status: 200, code: 0, text: { 'en-US': (p) => `${p.field}: there is no ${p.entity} ${p.id} you can choose.`, 'zh-CN': (p) => `${p.field}：没有可选的${p.entity} ${p.id}。` } },
  CONFIG_GROUP_UNKNOWN: { status: 200, code: 0, text: { 'en-US': (p) => `There is no settings group "${p.group}".`, 'zh-CN': (p) => `配置分组“${p.group}”不存在。` } },
  CONFIG_GROUP_FORBIDDEN: { status: 403, code: 0, text: { 'en-US': (p) => `Your role may not read the settings group "${p.group}".`, 'zh-CN': (p) => `您的角色无权读取配置分组“${p.group}”。` } },
  CONFIG_NAME_UNKNOWN: { status: 200, code: 0, text: { 'en-US': (p) => `There is no setting "${p.name}" you can read.`, 'zh-CN': (p) => `没有可读取的配置项“${p.name}”。` } },
  AGREEMENT_NOT_PUBLISHED: { status: 200, code: 0, text: { 'en-US': (p) => `${p.kind} has not been published yet. Please check back later.`, 'zh-CN': (p) => `${p.kind}尚未发布，请稍后再来查看。` } },
  INSUFFICIENT_BALANCE: { status: 200, code: 0, text: { 'en-US': () => 'The balance is not enough for this.', 'zh-CN': () => '余额不足。' } },
  INSUFFICIENT_QUOTA: { status: 200, code: 0, text: { 'en-US': () => 'Not enough of this quota is left.', 'zh-CN': () => '剩余次数不足。' } },
  AMOUNT_ZERO: { status: 200, code: 0, text: { 'en-US': () => 'Enter an amount other than 0.', 'zh-CN': () => '请输入不为 0 的金额。' } },
  ADJUST_BELOW_ZERO: { status: 200, code: 0, text: { 'en-US': () => 'The balance cannot go below 0: take at most what the account has.', 'zh-CN': () => '余额不能低于 0，扣减金额不能超过账号现有余额。' } },
  PARENT_NOT_PARTNER: { status: 200, code: 0, text: { 'en-US': (p) => `There is no partner ${p.id} you can place an account under.`, 'zh-CN': (p) => `没有可归属的服务商 ${p.id}。` } },
  MERCHANT_LIMIT_REACHED: { status: 200, code: 0, text: { 'en-US': (p) => `This partner already has ${p.limit} merchants, the most allowed. Raise the limit in the settings centre or use another partner.`, 'zh-CN': (p) => `该服务商的商户数已达上限 ${p.limit} 个，请在设置中心调整上限或选择其他服务商。` } },
  SERVICE_PREFIX_TAKEN: { status: 200, code: 0, text: { 'en-US': (p) => `Service prefix number "${p.prefix}" is already used by another partner.`, 'zh-CN': (p) => `服务商编号前缀“${p.prefix}”已被其他服务商使用。` } },
  OVERSTEP_NOT_YOURS: { status: 200, code: 0, text: { 'en-US': (p) => `There is no enabled merchant ${p.id} below you whose console you can open.`, 'zh-CN': (p) => `没有可登录的下级商户 ${p.id}（商户不存在、不属于您或已禁用）。` } },
  TRANSFER_NOT_CHILD: { status: 200, code: 0, text: { 'en-US': (p) => `Account ${p.id} is not one of your own children; you can transfer only to accounts directly below you.`, 'zh-CN': (p) => `账号 ${p.id} 不是您的直属下级，只能向直属下级转移。` } },
  TRANSFER_NOT_ALLOWED: { status: 200, code: 0, text: { 'en-US': () => 'Your account may not transfer this. Ask the account above you to allow it.', 'zh-CN': () => '您的账号无权转移此项，请联系上级开通。' } },
  TRANSFER_WHOLE_UNITS: { status: 200, code: 0, text: { 'en-US': () => 'Quotas move in whole units: enter a whole number.', 'zh-CN': () => '次数只能按整数转移，请输入整数。' } },
  EXCHANGE_NOT_OFFERED: { status: 200, code: 0, text: { 'en-US': () => 'This exchange is not offered now. An administrator turns it on in the settings centre (business rules).', 'zh-CN': () => '当前未开放此项兑换，需管理员在设置中心（业务配置）开启。' } },
  DATE_RANGE_REVERSED: { status: 200, code: 0, text: { 'en-US': () => 'The first day comes after the last one: pick the range again.', 'zh-CN': () => '开始日期晚于结束日期，请重新选择。' } },
  DATE_RANGE_TOO_LONG: { status: 200, code: 0, text: { 'en-US': (p) => `Pick at most ${p.days} days.`, 'zh-CN': (p) => `最多选择 ${p.days} 天。` } },
  CARD_PASSWORD_WRONG: { status: 200, code: 0, text: { 'en-US': () => 'There is no card with this password. Check it and type it again (16 letters and digits).', 'zh-CN': () => '卡密不存在，请核对后重新输入（16 位字母和数字）。' } },
  CARD_ALREADY_USED: { status: 200, code: 0, text: { 'en-US': () => 'This card has already been used; a card can be redeemed only once.', 'zh-CN': () => '该卡密已被使用，每张卡密只能使用一次。' } },
  CARD_NOT_HELD: { status: 200, code: 0, text: { 'en-US': (p) => `You do not hold card ${p.ids} (or it does not exist); you can change only cards you hold.`, 'zh-CN': (p) => `卡密 ${p.ids} 不在您名下（或不存在），只能操作您持有的卡密。` } },
  CARD_USED_NO_TRANSFER: { status: 200, code: 0, text: { 'en-US': (p) => `Card ${p.ids} has already been used and cannot be transferred. Nothing was transferred.`, 'zh-CN': (p) => `卡密 ${p.ids} 已被使用，不能转移，本次未转移任何卡密。` } },
  CARD_USED_NO_DELETE: { status: 200, code: 0, text: { 'en-US': (p) => `Card ${p.ids} has already been used and is kept for the ledger; only unused cards can be deleted. Nothing was deleted.`, 'zh-CN': (p) => `卡密 ${p.ids} 已被使用，需保留供账目查询，只能删除未使用的卡密，本次未删除任何卡密。` } },
  CARD_TRANSFER_NOT_CHILD_PARTNER: { status: 200, code: 0, text: { 'en-US': (p) => `Account ${p.id} is not a partner directly below you; cards go only to your own child partners.`, 'zh-CN': (p) => `账号 ${p.id} 不是您的直属下级服务商，卡密只能转给直属下级服务商。` } },
  CARD_SELECTION: { status: 200, code: 0, text: { 'en-US': () => 'Name the cards to transfer in one way: one card (id), several (ids) or a batch (batch_no, with quantity for part of it).', 'zh-CN': () => '请只用一种方式指定要转移的卡密：单张（id）、多张（ids）或按批次（batch_no，转移部分时填写张数）。' } },
  CARD_BATCH_EMPTY: { status: 200, code: 0, text: { 'en-US': (p) => `You hold no unused cards of batch ${p.batch}.`, 'zh-CN': (p) => `您在批次 ${p.batch} 中没有未使用的卡密。` } },
  CARD_BATCH_SHORT: { status: 200, code: 0, text: { 'en-US': (p) => `You hold only ${p.have} unused cards of batch ${p.batch}, fewer than ${p.asked}. Nothing was transferred.`, 'zh-CN': (p) => `您在批次 ${p.batch} 中只有 ${p.have} 张未使用的卡密，少于 ${p.asked} 张，本次未转移任何卡密。` } },
  IDEMPOTENCY_KEY_REUSED: { status: 200, code: 0, text: { 'en-US': () => 'This request key was already used for a different change. Send a new key for a new change.', 'zh-CN': () => '该请求标识已用于另一笔变动，新的变动请使用新的标识。' } },
  PACKAGE_NOT_ON_SALE: { status: 200, code: 0, text: { 'en-US': (p) => `Package ${p.id} is not on sale. Choose one of the packages on sale.`, 'zh-CN': (p) => `套餐 ${p.id} 不在售，请选择在售的套餐。` } },
  PACKAGE_CREDITS_NOTHING: { status: 200, code: 0, text: { 'en-US': (p) => `Package "${p.name}" credits neither balance nor any quota, so it cannot be ordered. An administrator sets what it credits under Recharge packages.`, 'zh-CN': (p) => `套餐“${p.name}”既不含余额也不含任何次数，无法购买，请管理员在充值套餐中设置到账内容。` } },
  PACKAGE_IN_USE: { status: 200, code: 0, text: { 'en-US': (p) => `Package "${p.name}" has orders, so it cannot be deleted; switch it off sale instead. Nothing was deleted.`, 'zh-CN': (p) => `套餐“${p.name}”已有订单，不能删除，请改为下架。未删除任何套餐。` } },
  ORDER_BUYER_NOT_PARTNER: { status: 200, code: 0, text: { 'en-US': () => 'Recharge orders are for partners: choose the partner this order is for.', 'zh-CN': () => '充值订单只能为服务商下单，请选择购买的服务商。' } },
  ORDER_FOR_SELF_ONLY: { status: 200, code: 0, text: { 'en-US': () => 'You can order only for your own account: leave the buyer empty.', 'zh-CN': () => '只能为自己的账号下单，请勿选择其他购买账号。' } },
  ORDER_NOT_PENDING: { status: 200, code: 0, text: { 'en-US': (p) => `Order ${p.order} is no longer awaiting payment (status: ${p.status}), so nothing was changed.`, 'zh-CN': (p) => `订单 ${p.order} 已不是待支付状态（当前：${p.status}），未做任何更改。` } },
  ORDER_NOT_YOURS: { status: 200, code: 0, text: { 'en-US': (p) => `Order ${p.order} was placed for you by an administrator; only an administrator can cancel it.`, 'zh-CN': (p) => `订单 ${p.order} 由管理员代为下单，只有管理员可以取消。` } },
  CERT_NOT_PEM: { status: 200, code: 0, text: { 'en-US': () => 'The certificate must be a PEM file (-----BEGIN CERTIFICATE-----)', 'zh-CN': () => '证书必须是 PEM 格式（-----BEGIN CERTIFICATE-----）' } },
  CERT_KEY_NOT_PEM: { status: 200, code: 0, text: { 'en-US': () => 'The private key must be a PEM file (-----BEGIN PRIVATE KEY-----)', 'zh-CN': () => '私钥必须是 PEM 格式（-----BEGIN PRIVATE KEY-----）' } },
  CERT_KEY_MISMATCH: { status: 200, code: 0, text: { 'en-US': () => 'This private key does not belong to the certificate', 'zh-CN': () => '该私钥与证书不匹配' } },
  CERT_EXPIRED: { status: 200, code: 0, text: { 'en-US': (p) => `The certificate expired on ${p.date}`, 'zh-CN': (p) => `证书已于 ${p.date} 过期` } },
  VALIDATION_FAILED: { status: 200, code: 0, text: { 'en-US': (p) => String(p.first), 'zh-CN': (p) => String(p.first) } },
  REQUEST_JSON_INVALID: { status: 400, code: 0, text: { 'en-US': () => 'The request body is not valid JSON.', 'zh-CN': () => '请求体不是有效的 JSON。' } },
  REQUEST_MEDIA_TYPE: { status: 415, code: 0, text: { 'en-US': (p) => `Content type ${p.type} is not accepted; send ${p.expected ?? 'application/json'}.`, 'zh-CN': (p) => `不支持的内容类型 ${p.type}，请使用 ${p.expected ?? 'application/json'}。` } },
  REQUEST_TOO_LARGE: { status: 413, code: 0, text: { 'en-US': (p) => `The request body is larger than ${p.limit} bytes.`, 'zh-CN': (p) => `请求体超过 ${p.limit} 字节。` } },
  REQUEST_INVALID: { status: 400, code: 0, text: { 'en-US': (p) => `The request could not be read: ${p.reason}`, 'zh-CN': (p) => `无法解析请求：${p.reason}` } },
  ROUTE_NOT_FOUND: { status: 404, code: 0, text: { 'en-US': (p) => `There is no ${p.route}.`, 'zh-CN': (p) => `接口 ${p.route} 不存在。` } },
  RATE_LIMITED: { status: 429, code: 0, text: { 'en-US': (p) => `Too many attempts. Try again in ${p.seconds} seconds.`, 'zh-CN': (p) => `尝试次数过多，请 ${p.seconds} 秒后再试。` } },
  INTERNAL: { status: 500, code: 0, text: { 'en-US': (p) => `Something went wrong on the server (reference ${p.reference}).`, 'zh-CN': (p) => `服务器内部错误（编号 ${p.reference}）。` } },
} satisfies Record<string, Entry>

export type ErrorCode = keyof typeof ERRORS
