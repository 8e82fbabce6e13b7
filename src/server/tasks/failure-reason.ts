import type { Label } from '../../schema/types'
import { TaskFailure } from './task-handler'

/**
 * Why a run failed, said to the person who submitted it. A failure the work explained is
 * passed on; ffmpeg's own last words are kept (they name the file and the problem); anything
 * else is a fault of ours, said as such, with its first line for whoever reads the task.
 */
export function failureReason(error: unknown): Label {
  if (error instanceof TaskFailure) return error.reason
  const e = error as { name?: string; reason?: string; message?: string } | null
  if (e?.name === 'MediaError' && e.reason) return { 'zh-CN': `视频处理失败：${e.reason}`, 'en-US': `Video processing failed: ${e.reason}` }
  const line = String(e?.message ?? error).split('\n')[0]!.slice(0, 200)
  return { 'zh-CN': `处理时出错：${line}`, 'en-US': `Something went wrong while working on it: ${line}` }
}
