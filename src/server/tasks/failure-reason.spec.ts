import { describe, expect, it } from 'vitest'
import { MediaError } from '../media/media-error'
import { failureReason, withoutPaths } from './failure-reason'
import { TaskFailure } from '../errors/task-failure'

describe('failureReason', () => {
  it('says a file ffmpeg cannot read as what to do, by the file\'s own name, without the server\'s path', () => {
    const reason = failureReason(new MediaError('/srv/console/data/uploads/2026-11/a005f3.mp4: Invalid data found when processing input'))
    expect(reason['en-US']).toBe('A file it uses, a005f3.mp4, can no longer be read (damaged or gone): upload that material again and submit')
    expect(reason['zh-CN']).toContain('a005f3.mp4')
    expect(JSON.stringify(reason)).not.toContain('/srv/')
  })

  it('keeps ffmpeg\'s words and an unexpected error\'s first line, each path cut to its last part', () => {
    expect(failureReason(new MediaError('Error opening output /tmp/console-tasks/task-9-x/clip.mp4: No space left on device'))['en-US']).toBe('Video processing failed: Error opening output clip.mp4: No space left on device')
    expect(failureReason(new Error("ENOENT: no such file or directory, open '/var/lib/console/uploads/x.png'\n    at open"))['en-US']).toBe("Something went wrong while working on it: ENOENT: no such file or directory, open 'x.png'")
  })

  it('passes on a failure the work explained', () => {
    const said = { 'zh-CN': '素材已删除', 'en-US': 'The material was deleted' }
    expect(failureReason(new TaskFailure(said))).toEqual(said)
  })

  it('leaves addresses, fractions and ratios alone', () => {
    expect(withoutPaths('see https://example.com/a/b and 9/16 at 1/2 speed')).toBe('see https://example.com/a/b and 9/16 at 1/2 speed')
  })
})
