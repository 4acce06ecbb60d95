/**
 * Training reports an OWNER reads at a glance (issue 46.5): per task (completion, overdue members,
 * the exam's score spread and pass rate; its members paged apart), per course (completion by lesson: where learners stop) and
 * per member (their tasks). Each may be narrowed to a member group. Their exports (.xlsx, CSV) are
 * file routes with the same queries plus `format`.
 */
import { z } from 'zod';
import type { UiLang } from '../constants.ts';
import { pageQuerySchema, pageSchema, queryIdSchema, queryNumber } from './common.ts';
import { LEARNER_TASK_STATES, TASK_KINDS, TASK_STATES, trainingTaskMemberSchema } from './training.ts';

const groupFilter = { groupId: queryIdSchema.optional() };
export const taskReportQuery = z.object({ taskId: queryIdSchema, ...groupFilter });
export type TaskReportQuery = z.infer<typeof taskReportQuery>;
export const courseReportQuery = z.object({ courseId: queryIdSchema, ...groupFilter });
export type CourseReportQuery = z.infer<typeof courseReportQuery>;
export const memberReportQuery = z.object({ userId: queryIdSchema });

/**
 * A task's members a page at a time (thousands on a large team), in the report's order (overdue,
 * to do, done; by name within each), optionally one state's and one group's.
 */
export const taskMembersQuery = pageQuerySchema.extend({
  ...taskReportQuery.shape,
  state: z.enum(LEARNER_TASK_STATES).optional(),
});
export type TaskMembersQuery = z.infer<typeof taskMembersQuery>;
export const taskMembersPageSchema = pageSchema(trainingTaskMemberSchema);
export type TaskMembersPage = z.infer<typeof taskMembersPageSchema>;

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
const format = { format: z.enum(EXPORT_FORMATS).default('xlsx') };
export const taskReportExportQuery = taskReportQuery.extend(format);
export const courseReportExportQuery = courseReportQuery.extend(format);
/** Orders and sales exports: the sales' window in days, as the screen's. */
export const salesExportQuery = z.object({
  days: queryNumber(z.number().int().min(1).max(365)).default(30),
  ...format,
});
export const ordersExportQuery = z.object(format);

/** The score spread's buckets, by percent: 0–59 fails at the usual pass mark, then by tens. */
export const SCORE_BUCKETS = [
  [0, 59],
  [60, 69],
  [70, 79],
  [80, 89],
  [90, 100],
] as const;

export const taskReportExamSchema = z.object({
  examId: z.number().int(),
  title: z.string(),
  passPercent: z.number().int(),
  /** Members in the report who handed the exam in at least once, and who of them passed. */
  takers: z.number().int(),
  passed: z.number().int(),
  /** Passed / assignees in the report, 0–100. */
  passRate: z.number().int(),
  /** Best scores of the takers, one count per SCORE_BUCKETS entry. */
  buckets: z.array(z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() })),
});

export const taskReportSchema = z.object({
  taskId: z.number().int(),
  title: z.string(),
  kind: z.enum(TASK_KINDS),
  state: z.enum(TASK_STATES),
  startDay: z.string(),
  dueDay: z.string(),
  courseCount: z.number().int(),
  groupId: z.number().int().nullable(),
  assigneeCount: z.number().int(),
  doneCount: z.number().int(),
  overdueCount: z.number().int(),
  /** Done / assignees in the report, 0–100. */
  completion: z.number().int(),
  exam: taskReportExamSchema.nullable(),
});
export type TaskReport = z.infer<typeof taskReportSchema>;

export const courseReportSchema = z.object({
  courseId: z.number().int(),
  title: z.string(),
  groupId: z.number().int().nullable(),
  /** Members in the report who opened the course, and who of them completed it. */
  learners: z.number().int(),
  completed: z.number().int(),
  completion: z.number().int(),
  /**
   * Per lesson in course order: learners who completed it (and % of learners), and how many stopped
   * there (it is the first lesson they have not completed, among those who did not finish).
   */
  lessons: z.array(
    z.object({
      lessonId: z.number().int(),
      title: z.string(),
      completed: z.number().int(),
      completion: z.number().int(),
      stopped: z.number().int(),
    }),
  ),
});
export type CourseReport = z.infer<typeof courseReportSchema>;

export const memberReportSchema = z.object({
  userId: z.number().int(),
  nickName: z.string(),
  tasks: z.array(
    z.object({
      taskId: z.number().int(),
      title: z.string(),
      taskState: z.enum(TASK_STATES),
      dueDay: z.string(),
      state: z.enum(LEARNER_TASK_STATES),
      courseCount: z.number().int(),
      completedCourses: z.number().int(),
      examPassed: z.boolean().nullable(),
      examScore: z.number().int().nullable(),
      doneAt: z.number().nullable(),
    }),
  ),
});
export type MemberReport = z.infer<typeof memberReportSchema>;

/** The exports' column headers in Chinese and English (the server picks the request's language). */
export const TRAINING_EXPORT_COLUMNS = {
  'zh-CN': {
    member: '成员',
    state: '状态',
    completedCourses: '已完成课程',
    courses: '课程数',
    examPassed: '考试通过',
    examScore: '最高分',
    doneAt: '完成时间',
    lesson: '课时',
    lessonCompleted: '完成人数',
    lessonCompletion: '完成率(%)',
    stopped: '停在此课时',
    date: '日期',
    orders: '订单数',
    revenue: '销售额(元)',
    orderNo: '订单号',
    items: '课程',
    amount: '金额(元)',
    paidAt: '支付时间',
    yes: '是',
    no: '否',
    todo: '进行中',
    overdue: '已逾期',
    done: '已完成',
  },
  'en-US': {
    member: 'Member',
    state: 'State',
    completedCourses: 'Courses completed',
    courses: 'Courses',
    examPassed: 'Exam passed',
    examScore: 'Best score',
    doneAt: 'Done at',
    lesson: 'Lesson',
    lessonCompleted: 'Completed',
    lessonCompletion: 'Completion (%)',
    stopped: 'Stopped here',
    date: 'Date',
    orders: 'Orders',
    revenue: 'Revenue (yuan)',
    orderNo: 'Order no.',
    items: 'Courses',
    amount: 'Amount (yuan)',
    paidAt: 'Paid at',
    yes: 'Yes',
    no: 'No',
    todo: 'To do',
    overdue: 'Overdue',
    done: 'Done',
  },
} as const satisfies Record<UiLang, Record<string, string>>;
