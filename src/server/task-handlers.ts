import type { TaskHandler } from './tasks/task-handler'
import { clipTask } from './creation/clip-handler'
import { mixedCutTask } from './creation/mixed-cut-handler'
import { topicVideoTask } from './creation/topic-video-handler'
import { voiceCloneTask } from './digital-human/voice-clone-handler'
import { avatarCloneTask } from './digital-human/avatar-clone-handler'
import { digitalVideoTask } from './digital-human/video-handler'
import { tokenRefreshTask } from './matrix/token-refresh-handler'
import { publishTask } from './matrix/publish-handler'
import { statsTask } from './matrix/stats-handler'

/** Every task handler a task kind (schemas/tasks/) may name in "handler". */
export const taskHandlers: Record<string, TaskHandler> = {
  'creation.clip': clipTask,
  'creation.mixedCut': mixedCutTask,
  'creation.topicVideo': topicVideoTask,
  'digitalHuman.voiceClone': voiceCloneTask,
  'digitalHuman.avatarClone': avatarCloneTask,
  'digitalHuman.video': digitalVideoTask,
  'matrix.refreshToken': tokenRefreshTask,
  'matrix.publishPost': publishTask,
  'matrix.fetchStats': statsTask,
}
