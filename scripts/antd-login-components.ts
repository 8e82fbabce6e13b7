/**
 * The antd components LoginSpecimen (scripts/antd-login-specimen.tsx) renders. antd takes any
 * component named in the pre-built styles' map as styled by the file, so one the login page
 * shows but the specimen lacks would show unstyled until the console's part of the styles
 * loads: scripts/antd-login-specimen.spec.ts checks the page's imports against this list.
 */
export const LOGIN_COMPONENTS = ['App', 'Alert', 'Button', 'Checkbox', 'Divider', 'Flex', 'Form', 'Input', 'Segmented', 'Space'] as const

/** What the page may import from antd that draws nothing of its own. */
export const UNSTYLED = ['ConfigProvider', 'theme'] as const
