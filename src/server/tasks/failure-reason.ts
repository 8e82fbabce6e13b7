import { basename } from 'node:path'
import type { Label } from '../../schema/types'
import { TaskFailure } from '../errors/task-failure'

/**
 * Why a run failed, said to the person who submitted it. A failure the work explained is
 * passed on; ffmpeg's own last words are kept (they name the problem), a file it could not read
 * is said as what to do; anything else is a fault of ours, said as such, with its first line.
 * No server path is ever said: a file is named by its own name, and the whole error goes to the
 * server's log with the task's id (see runner).
 */
export function failureReason(error: unknown): Label {
  if (error instanceof TaskFailure) return error.reason
  const e = error as { name?: string; reason?: string; message?: string } | null
  if (e?.name === 'MediaError' && e.reason) {
    const unreadable = UNREADABLE.exec(e.reason)
    if (unreadable) {
      const file = basename(unreadable[1]!)
      return { 'zh-CN': `无法读取所用的文件 ${file}（可能已损坏或被删除），请重新上传该素材后再提交`, 'en-US': `A file it uses, ${file}, can no longer be read (damaged or gone): upload that material again and submit` }
    }
    const reason = withoutPaths(e.reason)
    return { 'zh-CN': `视频处理失败：${reason}`, 'en-US': `Video processing failed: ${reason}` }
  }
  const line = withoutPaths(String(e?.message ?? error).split('\n')[0]!).slice(0, 200)
  return { 'zh-CN': `处理时出错：${line}`, 'en-US': `Something went wrong while working on it: ${line}` }
}

/** ffmpeg's words for an input it cannot open or decode, after the file's path. */
const UNREADABLE = /^(\/[^:]+): (?:Invalid data found when processing input|No such file or directory|moov atom not found|End of file)/

/** Every absolute path in a text said as its last part: /srv/data/uploads/2026-11/a005.mp4 → a005.mp4. */
export function withoutPaths(text: string): string {
  return text.replace(/(?<![\w.:/])\/(?:[^\s/'"():,]+\/)+([^\s/'"():,]+)/g, '$1')
}
