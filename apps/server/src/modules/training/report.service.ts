/**
 * Training reports (OWNER/ADMIN, `training.report`): per task, per course, per member, each
 * optionally narrowed to a member group. A task's standing comes from tasks.service's one rule
 * (`describeTasks` → `standingOf`); a course's lessons and rows from learning's face; exam titles
 * and pass marks from exams' face. Nothing here decides completion again.
 */
import {
  Code,
  SCORE_BUCKETS,
  type CourseReport,
  type CourseReportQuery,
  type MemberReport,
  type TaskMembersPage,
  type TaskMembersQuery,
  type TaskReport,
  type TaskReportQuery,
  type TrainingTaskMember,
} from '@studio/contract';
import type { TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { findTeamExam } from '../exams/index.ts';
import { courseLessonProgress } from '../learning/index.ts';
import { requireGroup } from './groups.service.ts';
import { describeTasks, memberStandings, requireTask } from './tasks.service.ts';
import { groupMemberIds, tasksReaching, teamMember } from './training.repo.ts';

const teamOf = (c: TeamCtx) => c.membership.team.id;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.floor((part * 100) / whole));

/** The members of the group asked for (checked to be the team's, else 404), or everyone. */
async function scopeOf(c: TeamCtx, groupId: number | undefined): Promise<Set<number> | null> {
  if (groupId === undefined) return null;
  await requireGroup(c, groupId);
  return new Set(await groupMemberIds(c.ctx.db, groupId));
}

const MEMBER_ORDER: Record<TrainingTaskMember['state'], number> = { overdue: 0, todo: 1, done: 2 };

/** Best scores counted into SCORE_BUCKETS (a score is a whole percent, 0–100). */
export const scoreBuckets = (scores: number[]) =>
  SCORE_BUCKETS.map(([from, to]) => ({
    from,
    to,
    count: scores.filter((s) => s >= from && s <= to).length,
  }));

/**
 * The task's report and its members in the report's order (overdue, to do, done; the roster's
 * order, by name, within each): the screen's headline figures and the export's rows.
 */
export async function taskReportWithMembers(
  c: TeamCtx,
  q: TaskReportQuery,
): Promise<{ report: TaskReport; members: TrainingTaskMember[] }> {
  authorize(c, 'training.report');
  const task = await requireTask(c, q.taskId);
  const scope = await scopeOf(c, q.groupId);
  const [detail] = await describeTasks(c, [task]);
  // A stable sort: the roster's order by name stays within each state.
  const members = detail!.members
    .filter((m) => scope === null || scope.has(m.userId))
    .sort((a, b) => MEMBER_ORDER[a.state] - MEMBER_ORDER[b.state]);
  const doneCount = members.filter((m) => m.state === 'done').length;
  const exam =
    task.examId === null ? null : await findTeamExam(c.ctx.db, { teamId: teamOf(c), examId: task.examId });
  const scores = members.flatMap((m) => (m.examScore === null ? [] : [m.examScore]));
  const passed = members.filter((m) => m.examPassed === true).length;
  const report: TaskReport = {
    taskId: task.id,
    title: task.title,
    kind: detail!.kind,
    state: detail!.state,
    startDay: task.startDay,
    dueDay: task.dueDay,
    courseCount: detail!.courses.length,
    groupId: q.groupId ?? null,
    assigneeCount: members.length,
    doneCount,
    overdueCount: members.filter((m) => m.state === 'overdue').length,
    completion: percent(doneCount, members.length),
    // An exam deleted since the task was made reads as none here, as it can no longer be taken.
    exam: exam && {
      examId: exam.examId,
      title: exam.title,
      passPercent: exam.passPercent,
      takers: scores.length,
      passed,
      passRate: percent(passed, members.length),
      buckets: scoreBuckets(scores),
    },
  };
  return { report, members };
}

/** The headline figures, over every member in the report's scope (the members are paged apart). */
export const taskReport = async (c: TeamCtx, q: TaskReportQuery): Promise<TaskReport> =>
  (await taskReportWithMembers(c, q)).report;

/**
 * One page of the task's members, of one state if asked. Every member's standing is read to sort
 * and count them (completion is `standingOf`'s, in code, not a column to page in SQL); only the
 * page is sent.
 */
export async function taskReportMembers(c: TeamCtx, q: TaskMembersQuery): Promise<TaskMembersPage> {
  const { members } = await taskReportWithMembers(c, q);
  const chosen = q.state === undefined ? members : members.filter((m) => m.state === q.state);
  const from = (q.pageNum - 1) * q.pageSize;
  return {
    list: chosen.slice(from, from + q.pageSize),
    total: chosen.length,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

export async function courseReport(c: TeamCtx, q: CourseReportQuery): Promise<CourseReport> {
  authorize(c, 'training.report');
  const scope = await scopeOf(c, q.groupId);
  const course = await courseLessonProgress(c, q.courseId);
  if (!course) throw new AppError(Code.NOT_FOUND, { data: { field: 'courseId' } });
  const done = new Map<number, Set<number>>();
  for (const row of course.rows) {
    if (scope !== null && !scope.has(row.userId)) continue;
    const mine = done.get(row.userId) ?? new Set<number>();
    if (row.completed) mine.add(row.lessonId);
    done.set(row.userId, mine);
  }
  const learners = [...done.values()];
  const lessonIds = course.lessons.map((l) => l.lessonId);
  const finished = learners.filter((mine) => lessonIds.every((id) => mine.has(id))).length;
  // Where each learner who has not finished stops: the first lesson, in course order, not completed.
  const stops = new Map<number, number>();
  for (const mine of learners) {
    const stop = lessonIds.find((id) => !mine.has(id));
    if (stop !== undefined) stops.set(stop, (stops.get(stop) ?? 0) + 1);
  }
  return {
    courseId: course.courseId,
    title: course.title,
    groupId: q.groupId ?? null,
    learners: learners.length,
    completed: finished,
    completion: percent(finished, learners.length),
    lessons: course.lessons.map((l) => {
      const completed = learners.filter((mine) => mine.has(l.lessonId)).length;
      return {
        lessonId: l.lessonId,
        title: l.title,
        completed,
        completion: percent(completed, learners.length),
        stopped: stops.get(l.lessonId) ?? 0,
      };
    }),
  };
}

/** A member's every task (cancelled ones too), from their own standing only (not each task's members). */
export async function memberReport(c: TeamCtx, userId: number): Promise<MemberReport> {
  authorize(c, 'training.report');
  const member = await teamMember(c.ctx.db, teamOf(c), userId);
  if (!member) throw new AppError(Code.NOT_FOUND, { data: { field: 'userId' } });
  const tasks = await tasksReaching(c.ctx.db, teamOf(c), userId);
  return {
    userId,
    nickName: member.nickName,
    tasks: (await memberStandings(c, tasks, userId)).map(({ task, courses, standing, state }) => ({
      taskId: task.id,
      title: task.title,
      taskState: task.cancelledAt ? 'cancelled' : 'open',
      dueDay: task.dueDay,
      state,
      courseCount: courses.length,
      completedCourses: standing.completedCourses,
      examPassed: standing.examPassed,
      examScore: standing.examScore,
      doneAt: standing.doneAt,
    })),
  };
}
