/**
 * API paths (`Routes`, ../routes.ts) of learning: the player, quizzes, certificates, training (groups,
 * tasks, reports), notifications and exams.
 */

export const learnRoutes = {
  list: '/learn/list',
  course: '/learn/course',
  progress: '/learn/progress',
  complete: '/learn/complete',
  watch: '/learn/watch',
  report: '/learn/report',
  reportCsv: '/learn/report/csv',
} as const;

export const quizRoutes = {
  answer: '/quiz/answer',
} as const;

export const certificateRoutes = {
  view: '/certificate/view',
} as const;

/** Member groups (分组) and learning tasks (学习任务) of the current team. */
export const trainingRoutes = {
  groupList: '/training/group/list',
  groupCreate: '/training/group/create',
  groupRename: '/training/group/rename',
  groupRemove: '/training/group/delete',
  groupMemberAdd: '/training/group/member/add',
  groupMemberRemove: '/training/group/member/remove',
  taskList: '/training/task/list',
  taskDetail: '/training/task/detail',
  taskCreate: '/training/task/create',
  taskModify: '/training/task/modify',
  taskCancel: '/training/task/cancel',
  /** The asker's own open tasks with their state (我的任务). */
  mine: '/training/task/mine',
  reportTask: '/training/report/task',
  /** A task's members, a page at a time (the report's and the team centre's table). */
  reportTaskMembers: '/training/report/task/members',
  reportCourse: '/training/report/course',
  reportMember: '/training/report/member',
  reportTaskExport: '/training/report/task/export',
  reportCourseExport: '/training/report/course/export',
} as const;

/** The signed-in user's notification centre (通知中心). */
export const notificationRoutes = {
  list: '/notification/list',
  unread: '/notification/unread',
  read: '/notification/read',
  readAll: '/notification/read-all',
  settings: '/notification/settings',
  settingsSave: '/notification/settings/save',
  /** Server-sent events: `{"type":"notification"}` whenever one arrives (not in the endpoint table). */
  stream: '/notification/stream',
} as const;

export const examRoutes = {
  /** The team's question bank (OWNER/ADMIN). */
  questionList: '/exam/question/list',
  questionCreate: '/exam/question/create',
  questionUpdate: '/exam/question/update',
  questionRemove: '/exam/question/delete',
  /** Multipart, field `file`: .xlsx or .csv in the template's columns; all rows or none. */
  questionImport: '/exam/question/import',
  questionExport: '/exam/question/export',
  questionTemplate: '/exam/question/template',
  /** Exams (OWNER/ADMIN). */
  list: '/exam/list',
  create: '/exam/create',
  update: '/exam/update',
  close: '/exam/close',
  remove: '/exam/delete',
  results: '/exam/results',
  /** A member's exams and attempts. */
  myList: '/exam/my/list',
  start: '/exam/attempt/start',
  attempt: '/exam/attempt/get',
  answer: '/exam/attempt/answer',
  submit: '/exam/attempt/submit',
} as const;

/** A course's exam (课程考试): its authors edit it, its release carries a copy its learners take. */
export const courseExamRoutes = {
  questionList: '/course/exam/question/list',
  questionCreate: '/course/exam/question/create',
  questionUpdate: '/course/exam/question/update',
  questionRemove: '/course/exam/question/delete',
  /** The team bank's import, export and template, for the course's questions. */
  questionImport: '/course/exam/question/import',
  questionExport: '/course/exam/question/export',
  questionTemplate: '/course/exam/question/template',
  draft: '/course/exam/get',
  save: '/course/exam/save',
  remove: '/course/exam/delete',
  /** The learner's: the released exam with their attempts, and starting one. */
  mine: '/course/exam/my',
  start: '/course/exam/start',
} as const;
