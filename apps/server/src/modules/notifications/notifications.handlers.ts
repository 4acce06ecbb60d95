/**
 * Which domain event becomes which notice, for whom, linking where. The owning modules publish;
 * this module only listens (it imports none of them), inside the publisher's transaction.
 */
import { WebPaths } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { claimReminder } from './notifications.repo.ts';
import { deliver } from './notifications.service.ts';

export function subscribeNotifications(ctx: AppContext, log: FastifyBaseLogger): void {
  const on = ctx.domainEvents;
  const give = deliver.bind(null, ctx, log);

  on.on('team.invited', (db, e) =>
    give(db, [e.userId], {
      kind: 'team.invited',
      teamId: null,
      params: { teamName: e.teamName, name: e.inviterName },
      link: WebPaths.selectTeam,
    }),
  );
  on.on('team.joinRequested', (db, e) =>
    give(db, e.adminIds, {
      kind: 'team.joinRequest',
      teamId: e.teamId,
      params: { name: e.requesterName },
      link: WebPaths.personalTeam,
    }),
  );
  on.on('refund.decided', (db, e) =>
    give(db, [e.userId], {
      kind: 'refund.decided',
      teamId: e.teamId,
      params: { title: e.courseTitle, approved: e.approved ? 1 : 0 },
      link: WebPaths.personalTradeOrder(e.orderId),
    }),
  );
  on.on('invoice.issued', (db, e) =>
    give(db, [e.userId], {
      kind: 'invoice.issued',
      teamId: e.teamId,
      params: { title: e.title },
      link: WebPaths.personalTradeOrder(e.orderId),
    }),
  );
  on.on('comment.posted', async (db, e) => {
    const link = e.lessonId ? WebPaths.lesson(e.courseId, e.lessonId) : WebPaths.course(e.courseId);
    const params = { name: e.authorName };
    await give(db, e.mentionedIds, { kind: 'comment.mention', teamId: e.teamId, params, link });
    const replied = e.repliedIds.filter((id) => !e.mentionedIds.includes(id));
    await give(db, replied, { kind: 'comment.reply', teamId: e.teamId, params, link });
  });
  on.on('task.assigned', (db, e) =>
    give(db, e.userIds, {
      kind: 'task.assigned',
      teamId: e.teamId,
      params: { title: e.title, dueDay: e.dueDay },
      link: WebPaths.learnTask(e.taskId),
    }),
  );
  // Once per member, task and kind, whichever process's schedule gets here first.
  on.on('task.remind', async (db, e) => {
    if (!(await claimReminder(db, e.userId, e.taskId, e.when))) return;
    await give(db, [e.userId], {
      kind: e.when === 'dueSoon' ? 'task.dueSoon' : 'task.overdue',
      teamId: e.teamId,
      params: { title: e.title, dueDay: e.dueDay },
      link: WebPaths.learnTask(e.taskId),
    });
  });
  on.on('exam.graded', (db, e) =>
    give(db, [e.userId], {
      kind: 'exam.result',
      teamId: e.teamId,
      params: { title: e.title, score: e.score, passed: e.passed ? 1 : 0 },
      link: WebPaths.examAttempt(e.attemptId),
    }),
  );
  on.on('media.transcoded', (db, e) =>
    give(db, [e.userId], {
      kind: e.ok ? 'media.transcoded' : 'media.transcodeFailed',
      teamId: e.teamId,
      params: { title: e.name },
      link: null,
    }),
  );
  on.on('ai.finished', (db, e) =>
    give(db, [e.userId], {
      kind: e.ok ? 'ai.done' : 'ai.failed',
      teamId: e.teamId,
      params: { title: e.title },
      link: WebPaths.aiProgress(e.jobId),
    }),
  );
  // The buyers of a sold course (the store's answer) hear of its new release, in their team.
  on.on('course.released', async (db, e) => {
    const buyers = (await ctx.providers.one('store.courseBuyers')?.(db, e.courseId)) ?? [];
    for (const teamId of new Set(buyers.map((b) => b.teamId))) {
      const mine = buyers.filter((b) => b.teamId === teamId);
      await give(
        db,
        mine.map((b) => b.userId),
        {
          kind: 'course.newRelease',
          teamId,
          params: { title: mine[0]!.title },
          link: WebPaths.learnCourse(e.courseId),
        },
      );
    }
  });
}
