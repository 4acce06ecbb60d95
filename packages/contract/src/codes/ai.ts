import type { CodeEntry } from './entry.ts';

export const AI = {
  /** Editing an outline whose lessons are being (or were) written. */
  AI_OUTLINE_LOCKED: { code: 50001, key: 'errors.aiOutlineLocked', zh: '大纲已开始生成课时，不能再修改' },
  AI_OUTLINE_NOT_READY: { code: 50002, key: 'errors.aiOutlineNotReady', zh: '大纲还没有准备好' },
  AI_ALREADY_GENERATING: { code: 50003, key: 'errors.aiAlreadyGenerating', zh: '课时已在生成中' },
  /** A retry while the job is neither failed nor generating. */
  AI_RETRY_NOT_ALLOWED: { code: 50004, key: 'errors.aiRetryNotAllowed', zh: '当前状态不能重试' },
  AI_LESSON_NOT_FAILED: { code: 50005, key: 'errors.aiLessonNotFailed', zh: '这个课时没有失败，不需要重试' },
  // What a job's worker stores and streams for a failure (never an envelope's code): the web says
  // it in the reader's language (AiJob's `error`, a lesson's `error`, the stream's `error` event).
  AI_OUTLINE_FAILED: { code: 50010, key: 'errors.aiOutlineFailed', zh: '大纲生成失败，请重试' },
  AI_OUTLINE_SERVICE_FAILED: {
    code: 50011,
    key: 'errors.aiOutlineServiceFailed',
    zh: '生成服务出错，请稍后重试',
  },
  AI_LESSON_FAILED: { code: 50012, key: 'errors.aiLessonFailed', zh: '本课时生成失败，可单独重试' },
  AI_LESSON_SERVICE_FAILED: {
    code: 50013,
    key: 'errors.aiLessonServiceFailed',
    zh: '生成服务出错，可单独重试',
  },
  /** A generated lesson over the size limit (a person's save over it answers LESSON_CONTENT_TOO_LARGE). */
  AI_LESSON_TOO_LARGE: {
    code: 50014,
    key: 'errors.aiLessonTooLarge',
    zh: '生成的课时内容超过 {{kb}} KB，可单独重试',
  },
  AI_LESSONS_PARTLY_FAILED: {
    code: 50015,
    key: 'errors.aiLessonsPartlyFailed',
    zh: '部分课时生成失败，可单独重试',
  },
  AI_LESSON_CANCELLED: {
    code: 50016,
    key: 'errors.aiLessonCancelled',
    zh: '任务取消时尚未生成，可单独重试',
  },
  /** The editor assist's stream ended in a provider failure. */
  AI_ASSIST_UNAVAILABLE: {
    code: 50017,
    key: 'errors.aiAssistUnavailable',
    zh: 'AI 助手暂时不可用，请稍后重试',
  },
  AI_RESTART_NOT_ALLOWED: {
    code: 50020,
    key: 'errors.aiRestartNotAllowed',
    zh: '只有已取消或失败的任务可以重新开始',
  },
} as const satisfies Record<string, CodeEntry>;
