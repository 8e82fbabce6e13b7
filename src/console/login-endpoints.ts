/**
 * The endpoints the login page opened first calls through the registry: its agreement links
 * and its two dialogs. It asks for their schema files only (login-start.tsx), not for the
 * whole console's, so a page that uses another needs it listed here.
 */
export const LOGIN_ENDPOINTS = {
  readPublished: 'platform/agreement_public',
  register: 'platform/register',
  sendCode: 'platform/get_captcha',
  reset: 'platform/reset_pwd',
} as const
