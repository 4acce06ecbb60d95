/**
 * Learning tasks (学习任务): OWNER/ADMIN assign courses the team learns to members and groups, with
 * China-day start and due dates and an optional exam. A member is done when every course of the task
 * is completed by learning's one rule (the certificate's: `completedCourses`) and, when the task has
 * an exam, exams says they passed it (`examStandingsOf`); `standingOf` below is the one place that
 * combines the two, for the task list, its detail, 我的任务 and the reports.
 */
import {
  chinaDay,
  chinaDayStart,
  Code,
  DAY_MS,
  type LearnerTaskState,
  type MyTrainingTask,
  type TrainingTask,
  type TrainingTaskBody,
  type TrainingTaskDetail,
  type TrainingTaskMember,
  type TrainingTaskModifyBody,
} from '@studio/contract';
import type { TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import type { Db } from '../../db/client.ts';
import { examStandingsOf, findTeamExam, type ExamStanding } from '../exams/index.ts';
import { courseHoldingsOf, teamCompletedCourses } from '../learning/index.ts';
import { requireMembers } from './groups.service.ts';
import {
  cancelTask,
  findTask,
  insertTask,
  listTasks,
  openTasksOf,
  taskAssignees,
  taskLinks,
  teamGroupIds,
  updateTask,
  type AfterTaskWrite,
  type TaskRow,
  type TaskWrite,
} from './training.repo.ts';

const teamOf = (c: TeamCtx) => c.membership.team.id;

/** Done when every course is completed; else overdue once the due China day has ended. */
export const stateOf = (isDone: boolean, dueDay: string, now: number): LearnerTaskState =>
  isDone ? 'done' : now >= chinaDayStart(dueDay).getTime() + DAY_MS ? 'overdue' : 'todo';

/** Everything a task's standing is read from: course completions and exam standings, by member. */
export type Progress = {
  completedAt: Map<string, number>;
  exams: Map<string, ExamStanding>;
};

/** Reads the completions of these courses and the standings at these exams, once for many tasks. */
export async function progressOf(
  c: TeamCtx,
  courseIds: number[],
  examIds: number[],
  /** Only this member's (我的任务), else everyone's. */
  userId?: number,
): Promise<Progress> {
  return teamProgressOf(c.ctx.db, teamOf(c), courseIds, examIds, userId);
}

/** The same for a team's scheduled work that runs without a request (reminders.ts). */
export async function teamProgressOf(
  db: Db,
  teamId: number,
  courseIds: number[],
  examIds: number[],
  userId?: number,
): Promise<Progress> {
  const [done, standings] = await Promise.all([
    teamCompletedCourses(db, teamId, [...new Set(courseIds)], userId),
    examStandingsOf(db, { teamId, examIds, userId }),
  ]);
  return {
    completedAt: new Map(done.map((d) => [`${d.userId}:${d.courseId}`, d.completedAt.getTime()])),
    exams: new Map(standings.map((e) => [`${e.userId}:${e.examId}`, e])),
  };
}

export type Standing = {
  isDone: boolean;
  completedCourses: number;
  examPassed: boolean | null;
  examScore: number | null;
  doneAt: number | null;
};

/**
 * The one rule of a task's completion: every course completed and, if the task names an exam, the
 * exam passed. What a member did lives in learning and exams, so editing or cancelling a task keeps it.
 */
export function standingOf(
  p: Progress,
  task: { examId: number | null },
  courseIds: number[],
  userId: number,
): Standing {
  const finished = courseIds
    .map((courseId) => p.completedAt.get(`${userId}:${courseId}`))
    .filter((t) => t !== undefined);
  const exam = task.examId === null ? undefined : p.exams.get(`${userId}:${task.examId}`);
  const examPassed = task.examId === null ? null : exam?.passed === true;
  const isDone = finished.length === courseIds.length && examPassed !== false;
  const times = exam?.passedAt ? [...finished, exam.passedAt.getTime()] : finished;
  return {
    isDone,
    completedCourses: finished.length,
    examPassed,
    examScore: exam?.bestScore ?? null,
    doneAt: isDone && times.length > 0 ? Math.max(...times) : null,
  };
}

/** Checks the request against the team: its courses, members and groups; 404 for another team's. */
async function taskWrite(c: TeamCtx, body: TrainingTaskBody): Promise<TaskWrite> {
  if (body.dueDay < body.startDay) throw new AppError(Code.TRAINING_DUE_BEFORE_START);
  if (body.userIds.length === 0 && body.groupIds.length === 0) throw new AppError(Code.TRAINING_NO_ASSIGNEES);
  const courseIds = [...new Set(body.courseIds)];
  const holdings = new Map((await courseHoldingsOf(c, courseIds)).map((h) => [h.courseId, h]));
  for (const courseId of courseIds) {
    const h = holdings.get(courseId);
    // A store course the team has not bought is named as such; anything else unseen is 404.
    if (h?.learnable) continue;
    if (h?.listed) throw new AppError(Code.TRAINING_COURSE_NOT_HELD);
    throw new AppError(Code.NOT_FOUND, { data: { field: 'courseIds' } });
  }
  const groupIds = [...new Set(body.groupIds)];
  if ((await teamGroupIds(c.ctx.db, teamOf(c), groupIds)).length !== groupIds.length) {
    throw new AppError(Code.NOT_FOUND, { data: { field: 'groupIds' } });
  }
  if (body.examId !== null && !(await findTeamExam(c.ctx.db, { teamId: teamOf(c), examId: body.examId }))) {
    throw new AppError(Code.NOT_FOUND, { data: { field: 'examId' } });
  }
  return {
    title: body.title,
    examId: body.examId,
    required: body.kind === 'required',
    startDay: body.startDay,
    dueDay: body.dueDay,
    courses: courseIds.map((courseId) => ({ courseId, title: holdings.get(courseId)!.title })),
    userIds: await requireMembers(c, body.userIds),
    groupIds,
  };
}

export async function requireTask(c: TeamCtx, taskId: number): Promise<TaskRow> {
  const task = await findTask(c.ctx.db, teamOf(c), taskId);
  if (!task) throw new AppError(Code.NOT_FOUND, { data: { field: 'taskId' } });
  return task;
}

/**
 * Tells of the members the task reaches now and did not before (notifications hear it), inside the
 * task write's transaction: the task and its notices commit together or not at all.
 */
const announce =
  (c: TeamCtx, w: TaskWrite, before: Set<number>): AfterTaskWrite =>
  async (tx, taskId) => {
    const userIds = (await taskAssignees(tx, teamOf(c), [taskId]))
      .map((a) => a.userId)
      .filter((id) => !before.has(id));
    if (userIds.length === 0) return;
    await c.ctx.domainEvents.publish(tx, {
      type: 'task.assigned',
      teamId: teamOf(c),
      taskId,
      title: w.title,
      dueDay: w.dueDay,
      userIds,
    });
  };

export async function createTrainingTask(c: TeamCtx, body: TrainingTaskBody): Promise<TrainingTaskDetail> {
  authorize(c, 'training.manage');
  const write = await taskWrite(c, body);
  const taskId = await insertTask(c.ctx.db, teamOf(c), c.actor.user.id, write, announce(c, write, new Set()));
  return trainingTaskDetail(c, taskId);
}

/** Editing keeps what members did: progress is learning's, and a task only reads it. */
export async function modifyTrainingTask(
  c: TeamCtx,
  body: TrainingTaskModifyBody,
): Promise<TrainingTaskDetail> {
  authorize(c, 'training.manage');
  const task = await requireTask(c, body.taskId);
  if (task.cancelledAt) throw new AppError(Code.TRAINING_TASK_CANCELLED);
  const write = await taskWrite(c, body);
  const before = new Set((await taskAssignees(c.ctx.db, teamOf(c), [task.id])).map((a) => a.userId));
  await updateTask(c.ctx.db, task.id, write, announce(c, write, before));
  return trainingTaskDetail(c, task.id);
}

/** Hidden from members' 我的任务; the task and every member's progress stay for the record. */
export async function cancelTrainingTask(c: TeamCtx, taskId: number): Promise<void> {
  authorize(c, 'training.manage');
  const task = await requireTask(c, taskId);
  await cancelTask(c.ctx.db, task.id);
}

/** Tasks with their courses, assignees and each assignee's standing, read in a few statements. */
export async function describeTasks(c: TeamCtx, tasks: TaskRow[]): Promise<TrainingTaskDetail[]> {
  const ids = tasks.map((t) => t.id);
  const [links, assignees] = await Promise.all([
    taskLinks(c.ctx.db, ids),
    taskAssignees(c.ctx.db, teamOf(c), ids),
  ]);
  const progress = await progressOf(
    c,
    links.courses.map((l) => l.courseId),
    tasks.flatMap((t) => (t.examId === null ? [] : [t.examId])),
  );
  const now = Date.now();
  return tasks.map((task) => {
    const courses = links.courses.filter((l) => l.taskId === task.id);
    const courseIds = courses.map((l) => l.courseId);
    const members: TrainingTaskMember[] = assignees
      .filter((a) => a.taskId === task.id)
      .map((a) => {
        const { isDone, ...standing } = standingOf(progress, task, courseIds, a.userId);
        return {
          userId: a.userId,
          nickName: a.nickName,
          state: stateOf(isDone, task.dueDay, now),
          ...standing,
        };
      });
    const doneCount = members.filter((m) => m.state === 'done').length;
    return {
      taskId: task.id,
      title: task.title,
      kind: task.required ? 'required' : 'elective',
      startDay: task.startDay,
      dueDay: task.dueDay,
      state: task.cancelledAt ? 'cancelled' : 'open',
      courses: courses.map((l) => ({ courseId: l.courseId, title: l.title })),
      userIds: links.users.filter((u) => u.taskId === task.id).map((u) => u.userId),
      groupIds: links.groups.filter((g) => g.taskId === task.id).map((g) => g.groupId),
      examId: task.examId,
      assigneeCount: members.length,
      doneCount,
      overdueCount: members.filter((m) => m.state === 'overdue').length,
      completion: members.length === 0 ? 0 : Math.floor((doneCount * 100) / members.length),
      createdAt: task.createdAt.getTime(),
      members,
    };
  });
}

/** The team's tasks (open first, newest first) with completion % and overdue counts. */
export async function listTrainingTasks(c: TeamCtx): Promise<{ list: TrainingTask[] }> {
  authorize(c, 'training.view');
  const described = await describeTasks(c, await listTasks(c.ctx.db, teamOf(c)));
  return { list: described.map(({ members: _members, ...task }) => task) };
}

export async function trainingTaskDetail(c: TeamCtx, taskId: number): Promise<TrainingTaskDetail> {
  authorize(c, 'training.view');
  const [detail] = await describeTasks(c, [await requireTask(c, taskId)]);
  return detail!;
}

/** One member's standing on each of these tasks, from their own completions and exams only. */
export async function memberStandings(c: TeamCtx, tasks: TaskRow[], userId: number) {
  const links = await taskLinks(
    c.ctx.db,
    tasks.map((t) => t.id),
  );
  const progress = await progressOf(
    c,
    links.courses.map((l) => l.courseId),
    tasks.flatMap((t) => (t.examId === null ? [] : [t.examId])),
    userId,
  );
  const now = Date.now();
  return tasks.map((task) => {
    const courses = links.courses
      .filter((l) => l.taskId === task.id)
      .map((l) => ({
        courseId: l.courseId,
        title: l.title,
        completed: progress.completedAt.has(`${userId}:${l.courseId}`),
      }));
    const standing = standingOf(
      progress,
      task,
      courses.map((l) => l.courseId),
      userId,
    );
    return { task, courses, standing, state: stateOf(standing.isDone, task.dueDay, now) };
  });
}

const STATE_ORDER: Record<LearnerTaskState, number> = { overdue: 0, todo: 1, done: 2 };

/** 我的任务: the member's open tasks, overdue first, then to do, then done; each by due day. */
export async function myTrainingTasks(c: TeamCtx): Promise<{ list: MyTrainingTask[]; today: string }> {
  authorize(c, 'training.study');
  const tasks = await openTasksOf(c.ctx.db, teamOf(c), c.actor.user.id);
  const list = (await memberStandings(c, tasks, c.actor.user.id)).map(
    ({ task, courses, standing, state }): MyTrainingTask => ({
      taskId: task.id,
      title: task.title,
      kind: task.required ? 'required' : 'elective',
      startDay: task.startDay,
      dueDay: task.dueDay,
      state,
      courses,
      exam: task.examId === null ? null : { examId: task.examId, passed: standing.examPassed === true },
      createdAt: task.createdAt.getTime(),
    }),
  );
  list.sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state]);
  return { list, today: chinaDay(Date.now()) };
}
