/**
 * The user agreement and privacy policy of the demo data set, published, so the login
 * page's links open real text on a fresh install. Short placeholders an operator rewrites
 * in the console (协议/规则 → 协议管理) before going live.
 */
export const DEMO_AGREEMENTS = [
  {
    kind: 'user_agreement',
    title: '用户协议',
    content:
      '<h2>欢迎使用</h2><p>本协议是您与平台之间关于使用短视频与数字人创作服务的约定。注册或登录即表示您已阅读并同意本协议。</p>' +
      '<h3>您的责任</h3><ul><li>妥善保管账号与密码，不转借他人使用；</li><li>上传的素材、形象与声音须取得合法授权；</li><li>不得利用平台制作或传播违法违规内容。</li></ul>' +
      '<h3>平台的责任</h3><p>平台按约定提供服务，并在服务变更前通过控制台公告告知。</p>' +
      '<p><strong>这是演示文本，</strong>上线前请在“协议管理”中替换为正式协议。</p>',
  },
  {
    kind: 'privacy_policy',
    title: '隐私政策',
    content:
      '<h2>我们收集的信息</h2><ul><li>账号信息：用户名、手机号、邮箱；</li><li>创作素材：您上传的图片、音频与视频；</li><li>使用记录：登录时间、操作日志。</li></ul>' +
      '<h2>我们如何使用</h2><ol><li>提供与改进创作服务；</li><li>保障账号与交易安全；</li><li>依法配合监管要求。</li></ol>' +
      '<p>未经您的同意，我们不会向第三方提供您的个人信息。</p>' +
      '<p><strong>这是演示文本，</strong>上线前请在“协议管理”中替换为正式政策。</p>',
  },
] as const
