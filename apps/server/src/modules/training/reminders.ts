/**
 * Task reminders (提醒): a pg-boss schedule runs this in whichever process takes the tick; each member
 * not done with an open task is reminded N China days before its due day (TASK_REMINDER_DAYS) and
 * once it is overdue. Training only says who is due: notifications (a `task.remind` subscriber)
 * claims a row per member, task and kind, so a reminder is sent once however many ticks or
 * processes see it.
 */
import { chinaDay, DAY_MS } from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { standingOf, teamProgressOf } from './tasks.service.ts';
import { taskAssignees, taskLinks, tasksDueBetween, type TaskRow } from './training.repo.ts';

const QUEUE = 'training-reminders';
/** Overdue tasks older than this are no longer chased (their reminder went out long ago). */
const OVERDUE_WINDOW_DAYS = 7;

/** Members of the task not done with it (by the one rule, `standingOf`: its courses and its exam). */
async function pending(ctx: AppContext, task: TaskRow): Promise<number[]> {
  const [links, assignees] = await Promise.all([
    taskLinks(ctx.db, [task.id]),
    taskAssignees(ctx.db, task.teamId, [task.id]),
  ]);
  const courseIds = links.courses.map((l) => l.courseId);
  const examIds = task.examId === null ? [] : [task.examId];
  const progress = await teamProgressOf(ctx.db, task.teamId, courseIds, examIds);
  return assignees
    .map((a) => a.userId)
    .filter((userId) => !standingOf(progress, task, courseIds, userId).isDone);
}

/** One pass of the schedule at `now` (injected: tests move the clock); answers the reminders offered. */
export async function remindTasks(ctx: AppContext, now: Date, daysBefore: number): Promise<number> {
  const today = chinaDay(now);
  const soon = chinaDay(now.getTime() + daysBefore * DAY_MS);
  const yesterday = chinaDay(now.getTime() - DAY_MS);
  const oldest = chinaDay(now.getTime() - OVERDUE_WINDOW_DAYS * DAY_MS);
  let offered = 0;
  const remind = async (tasks: TaskRow[], when: 'dueSoon' | 'overdue') => {
    for (const task of tasks) {
      for (const userId of await pending(ctx, task)) {
        // Each in its own transaction: the claim and the notice commit together.
        await ctx.db.transaction((tx) =>
          ctx.domainEvents.publish(tx, {
            type: 'task.remind',
            teamId: task.teamId,
            taskId: task.id,
            title: task.title,
            dueDay: task.dueDay,
            userId,
            when,
          }),
        );
        offered++;
      }
    }
  };
  await remind(await tasksDueBetween(ctx.db, today, soon, today), 'dueSoon');
  await remind(await tasksDueBetween(ctx.db, oldest, yesterday, today), 'overdue');
  return offered;
}

/** The schedule: every 10 minutes, in one process at a time per tick (pg-boss), once per member anyway. */
export async function defineTrainingJobs(ctx: AppContext, jobs: JobQueue): Promise<void> {
  await jobs.define(QUEUE, async () => {
    await remindTasks(ctx, new Date(), ctx.config.TASK_REMINDER_DAYS);
  });
  await jobs.schedule(QUEUE, '*/10 * * * *');
}
