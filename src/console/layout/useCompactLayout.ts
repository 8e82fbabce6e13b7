import { Grid } from 'antd'

/**
 * Whether the window is narrower than antd's `md` breakpoint (768 px), where the console is
 * laid out for a phone: the menu in a drawer, a compact header, one column. Before antd has
 * measured the window it answers false, and it measures before the first paint.
 */
export function useCompactLayout(): boolean {
  return Grid.useBreakpoint().md === false
}
