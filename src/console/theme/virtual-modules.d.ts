declare module 'virtual:antd-static-css' {
  /** Address of the pre-built antd CSS per theme mode; null where there is none (`npm run dev`). */
  const urls: Record<'light' | 'dark', string> | null
  export default urls
}
