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
  // A document for AI 创课 (POST /ai/document/parse): why it was not read. Sent with HTTP 200 and the
  // code, as every business refusal; the limits are DOCUMENT_LIMITS in the contract's ai schema.
  AI_DOC_EMPTY: { code: 50030, key: 'errors.aiDocEmpty', zh: '文件是空的，没有可用的内容' },
  AI_DOC_UNKNOWN_FORMAT: {
    code: 50031,
    key: 'errors.aiDocUnknownFormat',
    zh: '无法识别的文件格式：支持 PDF、Word（.docx）、PowerPoint（.pptx）、Markdown 和纯文本',
  },
  AI_DOC_TOO_LARGE: { code: 50032, key: 'errors.aiDocTooLarge', zh: '文件超过 {{maxMb}} MB，请拆分后上传' },
  AI_DOC_TOO_MANY_PAGES: {
    code: 50033,
    key: 'errors.aiDocTooManyPages',
    zh: '文档有 {{pages}} 页，最多支持 {{max}} 页，请拆分后上传',
  },
  AI_DOC_ENCRYPTED: {
    code: 50034,
    key: 'errors.aiDocEncrypted',
    zh: '文件已加密（有密码保护），请去除密码后再上传',
  },
  AI_DOC_NO_TEXT: {
    code: 50035,
    key: 'errors.aiDocNoText',
    zh: '文档里没有可提取的文字（可能是扫描件或图片），请上传含文字的版本',
  },
  AI_DOC_CORRUPT: { code: 50036, key: 'errors.aiDocCorrupt', zh: '文件已损坏或内容与格式不符，无法读取' },
  AI_DOC_TOO_COMPLEX: {
    code: 50037,
    key: 'errors.aiDocTooComplex',
    zh: '文件解压后过大或包含的条目过多，已拒绝读取',
  },
  AI_DOC_TIMEOUT: { code: 50038, key: 'errors.aiDocTimeout', zh: '文档解析超过 {{seconds}} 秒，已停止' },
  /** A job names a document that is not the team's (or no longer kept). */
  AI_DOC_NOT_FOUND: { code: 50039, key: 'errors.aiDocNotFound', zh: '文档不存在，请重新上传' },
  /** An outline lesson names a section the document does not have. */
  AI_DOC_BAD_SOURCES: { code: 50040, key: 'errors.aiDocBadSources', zh: '大纲引用了文档中不存在的章节' },
  // Translating a course (POST /ai/translate, 50041–50059).
  /** Zero configuration: the template generator writes, it cannot translate (no text is made up). */
  AI_TRANSLATE_NO_PROVIDER: {
    code: 50041,
    key: 'errors.aiTranslateNoProvider',
    zh: '未配置 AI 服务，无法翻译',
  },
  /** The target is the course's own language (a translation of a translation into its source's is fine). */
  AI_TRANSLATE_SAME_LANGUAGE: {
    code: 50042,
    key: 'errors.aiTranslateSameLanguage',
    zh: '这门课程已经是该语言，请选择其他语言',
  },
  /** The model's answer left out or broke some of the lesson's texts (retryable lesson by lesson). */
  AI_TRANSLATE_LESSON_FAILED: {
    code: 50043,
    key: 'errors.aiTranslateLessonFailed',
    zh: '本课时翻译失败，可单独重试',
  },
  // The team's monthly AI budget (AI_TEAM_MONTHLY_TOKENS, 50060–50079).
  /** A job, a lesson retry, a translation or an assist asked for while this month's budget is used up. */
  AI_BUDGET_USED_UP: {
    code: 50060,
    key: 'errors.aiBudgetUsedUp',
    zh: '本团队本月的 AI 用量（{{limit}} tokens）已用完，下月恢复；如需继续请联系管理员调高额度',
  },
  /** Stored on a job's lessons the budget stopped (never an envelope's code): resumable next month. */
  AI_BUDGET_STOPPED: {
    code: 50061,
    key: 'errors.aiBudgetStopped',
    zh: '本月 AI 用量（{{limit}} tokens）已用完，任务已暂停；额度恢复后可继续生成',
  },
} as const satisfies Record<string, CodeEntry>;
