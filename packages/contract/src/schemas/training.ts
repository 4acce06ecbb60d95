/**
 * Member groups (分组) and learning tasks (学习任务). A task's dates are China days (`yyyy-mm-dd`,
 * china-time.ts): it starts when its start day begins and is overdue once its due day has ended.
 */
import { z } from 'zod';
import { idSchema, queryIdSchema } from './common.ts';

export const TRAINING_LIMITS = {
  groupNameMax: 30,
  taskTitleMax: 60,
  /** Per request: courses of one task, members and groups assigned at once, members added to a group. */
  coursesMax: 20,
  usersMax: 500,
  groupsMax: 50,
} as const;

const groupName = z.string().trim().min(1).max(TRAINING_LIMITS.groupNameMax);
const userIds = z.array(idSchema).max(TRAINING_LIMITS.usersMax);

export const trainingGroupCreateBody = z.object({ name: groupName });
export const trainingGroupRenameBody = z.object({ groupId: idSchema, name: groupName });
export const trainingGroupIdBody = z.object({ groupId: idSchema });
export const trainingGroupMembersBody = z.object({ groupId: idSchema, userIds: userIds.min(1) });

export const trainingGroupMemberSchema = z.object({ userId: z.number().int(), nickName: z.string() });
export const trainingGroupSchema = z.object({
  groupId: z.number().int(),
  name: z.string(),
  members: z.array(trainingGroupMemberSchema),
  createdAt: z.number(),
});
export type TrainingGroup = z.infer<typeof trainingGroupSchema>;
export type TrainingGroupMember = z.infer<typeof trainingGroupMemberSchema>;

/** A China day, `yyyy-mm-dd`, that is a real date (2026-02-30 is refused). */
export const chinaDaySchema = z.iso.date();

export const TASK_KINDS = ['required', 'elective'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export const trainingTaskBody = z.object({
  title: z.string().trim().min(1).max(TRAINING_LIMITS.taskTitleMax),
  kind: z.enum(TASK_KINDS),
  startDay: chinaDaySchema,
  dueDay: chinaDaySchema,
  courseIds: z.array(idSchema).min(1).max(TRAINING_LIMITS.coursesMax),
  /** Members and groups; at least one of the two (else 80003). */
  userIds,
  groupIds: z.array(idSchema).max(TRAINING_LIMITS.groupsMax),
  /** An exam of the team to pass as well as the courses (null: courses only). */
  examId: idSchema.nullable().default(null),
});
export type TrainingTaskBody = z.infer<typeof trainingTaskBody>;
export const trainingTaskModifyBody = trainingTaskBody.extend({ taskId: idSchema });
export type TrainingTaskModifyBody = z.infer<typeof trainingTaskModifyBody>;
export const trainingTaskIdBody = z.object({ taskId: idSchema });
export const trainingTaskIdQuery = z.object({ taskId: queryIdSchema });

export const trainingTaskCourseSchema = z.object({ courseId: z.number().int(), title: z.string() });

export const TASK_STATES = ['open', 'cancelled'] as const;
export const trainingTaskSchema = z.object({
  taskId: z.number().int(),
  title: z.string(),
  kind: z.enum(TASK_KINDS),
  startDay: z.string(),
  dueDay: z.string(),
  state: z.enum(TASK_STATES),
  courses: z.array(trainingTaskCourseSchema),
  userIds: z.array(z.number().int()),
  groupIds: z.array(z.number().int()),
  /** The exam to pass as well as the courses, or null. */
  examId: z.number().int().nullable(),
  /** Members the task reaches now (directly or through a group), and how many of them are done. */
  assigneeCount: z.number().int(),
  doneCount: z.number().int(),
  overdueCount: z.number().int(),
  /** Done members / assignees, 0–100 (0 with no assignee). */
  completion: z.number().int(),
  createdAt: z.number(),
});
export type TrainingTask = z.infer<typeof trainingTaskSchema>;

export const LEARNER_TASK_STATES = ['todo', 'overdue', 'done'] as const;
export type LearnerTaskState = (typeof LEARNER_TASK_STATES)[number];

/** One member's standing on a task. */
export const trainingTaskMemberSchema = z.object({
  userId: z.number().int(),
  nickName: z.string(),
  state: z.enum(LEARNER_TASK_STATES),
  completedCourses: z.number().int(),
  /** Whether they passed the task's exam (null when the task has none). */
  examPassed: z.boolean().nullable(),
  /** Their best score at the task's exam, 0–100 (null: no exam, or not handed in). */
  examScore: z.number().int().nullable(),
  /** When the last of the task's courses was completed or the exam passed (done only). */
  doneAt: z.number().nullable(),
});
export type TrainingTaskMember = z.infer<typeof trainingTaskMemberSchema>;
export const trainingTaskDetailSchema = trainingTaskSchema.extend({
  members: z.array(trainingTaskMemberSchema),
});
export type TrainingTaskDetail = z.infer<typeof trainingTaskDetailSchema>;

/** 我的任务: an open task as its member sees it. */
export const myTrainingTaskSchema = z.object({
  taskId: z.number().int(),
  title: z.string(),
  kind: z.enum(TASK_KINDS),
  startDay: z.string(),
  dueDay: z.string(),
  state: z.enum(LEARNER_TASK_STATES),
  courses: z.array(trainingTaskCourseSchema.extend({ completed: z.boolean() })),
  /** The exam to pass (null: none), and whether this member passed it. */
  exam: z.object({ examId: z.number().int(), passed: z.boolean() }).nullable(),
  createdAt: z.number(),
});
export type MyTrainingTask = z.infer<typeof myTrainingTaskSchema>;
