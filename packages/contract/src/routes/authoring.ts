/**
 * API paths (`Routes`, ../routes.ts) of authoring: courses and lessons, review comments, media,
 * attachments, images, shares and AI courses.
 */

export const courseRoutes = {
  list: '/course/list',
  create: '/course/create',
  detail: '/course/detail',
  modify: '/course/modify',
  duplicate: '/course/duplicate',
  delete: '/course/delete',
  preview: '/course/preview',
  releaseCheck: '/course/release/check',
  release: '/course/release',
  unrelease: '/course/unrelease',
  releaseList: '/course/release/list',
  releaseDiff: '/course/release/diff',
  releaseRollback: '/course/release/rollback',
  draftReset: '/course/draft/reset',
} as const;

export const lessonRoutes = {
  create: '/lesson/create',
  detail: '/lesson/detail',
  save: '/lesson/save',
  reorder: '/lesson/reorder',
  duplicate: '/lesson/duplicate',
  delete: '/lesson/delete',
  history: '/lesson/history',
  historyDetail: '/lesson/history/detail',
  restore: '/lesson/restore',
  historyCheckpoint: '/lesson/history/checkpoint',
  /** Who is connected to each lesson of a course (live co-editing), for the lesson list. */
  presence: '/lesson/presence',
} as const;

export const commentRoutes = {
  /** A lesson's threads (open, or all) with their replies. */
  lessonList: '/comment/lesson/list',
  /** A course's open threads, with each lesson's title and count. */
  courseList: '/comment/course/list',
  create: '/comment/create',
  reply: '/comment/reply',
  resolve: '/comment/resolve',
  reopen: '/comment/reopen',
  /** A thread's first comment deletes the thread; a reply only itself. */
  remove: '/comment/delete',
  /** The asker's @mentions in the current team, unread first. */
  mentions: '/comment/mention/list',
  mentionsRead: '/comment/mention/read',
  mentionsUnread: '/comment/mention/unread',
} as const;

export const mediaRoutes = {
  /** The tus endpoint (creation, HEAD for the offset, PATCH for bytes); each upload under it by id. */
  upload: '/media/upload',
  info: '/media/info',
  usage: '/media/usage',
  /** Signed, short-lived playback addresses of a media block in a lesson, for whoever may read it. */
  play: '/media/play',
  /** A media's caption languages (the team's), upload (WebVTT or SRT) and removal. */
  captions: '/media/captions',
  captionUpload: '/media/caption/upload',
  captionRemove: '/media/caption/remove',
  /** Signed HLS: `/media/hls/<token>/master.m3u8`, `…/<rendition>/index.m3u8`, `…/key`, segments. */
  hls: '/media/hls',
} as const;

export const attachmentRoutes = {
  /**
   * The tus endpoint (creation with the lesson id in the metadata, HEAD for the offset, PATCH for
   * bytes); each upload under it by id. Members who may edit the lesson.
   */
  upload: '/attachment/upload',
  /** The draft lesson's attachments (the author's list). */
  list: '/attachment/list',
  rename: '/attachment/rename',
  remove: '/attachment/delete',
  reorder: '/attachment/reorder',
  /** A released lesson's attachments as the viewer may see them: names and sizes, and whether they may download. */
  lesson: '/attachment/lesson',
  /** A signed, short-lived download address of one attachment of a released lesson (404 when not entitled). */
  link: '/attachment/link',
  /** A visitor's link on the server-rendered pages: decided for a visitor, then redirected to a fresh signed address. */
  open: '/attachment/open',
  /** A share's lessons' attachments: names and sizes only, for anyone with a live link. */
  share: '/attachment/share',
  /** The signed download itself: `/attachment/file/<token>`. */
  file: '/attachment/file',
} as const;

export const fileRoutes = {
  upload: '/file/upload',
  get: '/files',
} as const;

export const shareRoutes = {
  create: '/share/create',
  list: '/share/list',
  revoke: '/share/revoke',
  view: '/share/view',
  copy: '/share/copy',
} as const;

export const aiRoutes = {
  create: '/ai/job/create',
  list: '/ai/job/list',
  detail: '/ai/job/detail',
  outline: '/ai/job/outline',
  generate: '/ai/job/generate',
  cancel: '/ai/job/cancel',
  retry: '/ai/job/retry',
  /** A new job with a cancelled or failed one's topic (and outline, when it had one). */
  restart: '/ai/job/restart',
  stream: '/ai/job/stream',
  assist: '/ai/assist',
  generator: '/ai/generator',
  /** Multipart: field `file`. Reads a PDF, DOCX, PPTX, Markdown or text file into sections. */
  documentParse: '/ai/document/parse',
  /** A new draft course translated from one of the team's, by a job of kind `translate`. */
  translate: '/ai/translate',
  /** A course's translations (and its own source, when it is one). */
  translations: '/ai/translate/list',
  /** Tokens (and money, when priced) a creation, translation or assist is expected to use, with the budget. */
  estimate: '/ai/estimate',
  /** The team's AI use by month (and by member, for managers) against its monthly budget. */
  usage: '/ai/usage',
} as const;
