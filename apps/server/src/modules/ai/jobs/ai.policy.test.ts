/**
 * AI jobs go through the policy like courses: the job's author, or OWNER/ADMIN, acts on a job
 * (outline, generate, retry, cancel); an expired team writes nothing; another team's job is 404.
 * The job payload's `abilities` say the same to the web.
 */
import { Code, type AiJob, type CourseDetail, type UserInfo } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addByInvitation, call, createTeam, createUser, inviteUser } from '../../../../test/factories.ts';
import { waitForJob } from '../../../../test/ai-jobs.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOBS_ENABLED: 'true' });
});
afterAll(() => t.close());

const ALL = { outline: true, generate: true, retry: true, cancel: true };
const NONE = { outline: false, generate: false, retry: false, cancel: false };

async function newJob(token: string, topic: string): Promise<AiJob> {
  const res = await call<AiJob>(t, 'POST', '/ai/job/create', { token, body: { topic, lessonCount: 2 } });
  expect(res.code).toBe(200);
  return waitForJob(t, token, res.data.jobId, (j) => j.status === 'outline_ready');
}

const detail = async (token: string, jobId: number) =>
  call<AiJob>(t, 'GET', '/ai/job/detail', { token, query: { jobId: String(jobId) } });

/** Every write on a job, as `user`: the answer code of each. */
async function writes(token: string, job: AiJob) {
  const jobId = job.jobId;
  const outline = { ...job.outline!, title: '被改写的大纲' };
  return {
    outline: (await call(t, 'POST', '/ai/job/outline', { token, body: { jobId, outline } })).code,
    generate: (await call(t, 'POST', '/ai/job/generate', { token, body: { jobId } })).code,
    retry: (await call(t, 'POST', '/ai/job/retry', { token, body: { jobId, idx: 0 } })).code,
    cancel: (await call(t, 'POST', '/ai/job/cancel', { token, body: { jobId } })).code,
  };
}

async function team() {
  const owner = await createUser(t);
  const created = await createTeam(t, owner.token, 'AI 策略团队');
  const [admin, author, other] = (await Promise.all([createUser(t), createUser(t), createUser(t)])) as [
    UserInfo,
    UserInfo,
    UserInfo,
  ];
  const adminInvite = await inviteUser(t, owner.token, admin.userId, 'ADMIN');
  await call(t, 'POST', '/team/invitation/accept', {
    token: admin.token,
    body: { invitationId: adminInvite },
  });
  await addByInvitation(t, owner.token, author);
  await addByInvitation(t, owner.token, other);
  return { teamId: created.teamId, owner, admin, author, other };
}

describe('AI jobs and the policy', () => {
  it("refuses a MEMBER every action on another member's or the OWNER's job, and changes nothing", async () => {
    const f = await team();
    for (const job of [
      await newJob(f.owner.token, '团队负责人的课'),
      await newJob(f.author.token, '成员的课'),
    ]) {
      expect(await writes(f.other.token, job)).toEqual({
        outline: Code.FORBIDDEN,
        generate: Code.FORBIDDEN,
        retry: Code.FORBIDDEN,
        cancel: Code.FORBIDDEN,
      });
      const after = await detail(f.other.token, job.jobId);
      expect(after.code).toBe(200); // the team's jobs stay readable to every member
      expect(after.data.status).toBe('outline_ready');
      expect(after.data.outline).toEqual(job.outline);
      expect(after.data.courseId).toBeNull();
      expect(after.data.abilities).toEqual(NONE);
    }
  });

  it('lets the author and OWNER/ADMIN act on a job; the course stays the author’s', async () => {
    const f = await team();
    const job = await newJob(f.author.token, '成员自己的课');
    expect((await detail(f.author.token, job.jobId)).data.abilities).toEqual(ALL);
    expect((await detail(f.admin.token, job.jobId)).data.abilities).toEqual(ALL);
    expect((await detail(f.owner.token, job.jobId)).data.abilities).toEqual(ALL);

    const outline = { ...job.outline!, title: '作者改过的大纲' };
    const edited = await call<AiJob>(t, 'POST', '/ai/job/outline', {
      token: f.author.token,
      body: { jobId: job.jobId, outline },
    });
    expect(edited.code).toBe(200);
    expect(edited.data.outline!.title).toBe('作者改过的大纲');
    // An ADMIN starts the generation of the member's job: the course is the member's.
    const started = await call<AiJob>(t, 'POST', '/ai/job/generate', {
      token: f.admin.token,
      body: { jobId: job.jobId },
    });
    expect(started.code).toBe(200);
    const course = await call<CourseDetail>(t, 'GET', '/course/detail', {
      token: f.author.token,
      query: { courseId: String(started.data.courseId) },
    });
    expect(course.data.authorId).toBe(f.author.userId);
    expect(course.data.abilities.edit).toBe(true);
    // Past the policy, the job's own rules answer (no lesson has failed).
    const retry = await call(t, 'POST', '/ai/job/retry', {
      token: f.author.token,
      body: { jobId: job.jobId, idx: 0 },
    });
    expect([Code.AI_LESSON_NOT_FAILED, Code.AI_RETRY_NOT_ALLOWED]).toContain(retry.code);
    const ownerJob = await newJob(f.owner.token, '负责人的课，由管理员取消');
    const cancelled = await call<AiJob>(t, 'POST', '/ai/job/cancel', {
      token: f.admin.token,
      body: { jobId: ownerJob.jobId },
    });
    expect(cancelled.data.status).toBe('cancelled');
  });

  it('refuses every write in an expired (read-only) team, and still shows the job', async () => {
    const f = await team();
    const job = await newJob(f.author.token, '过期团队的课');
    await t.app.ctx.db.execute(
      `update teams set expire_date = now() - interval '1 day' where id = ${f.teamId}`,
    );
    for (const who of [f.author, f.owner]) {
      expect(await writes(who.token, job)).toEqual({
        outline: Code.TEAM_EXPIRED,
        generate: Code.TEAM_EXPIRED,
        retry: Code.TEAM_EXPIRED,
        cancel: Code.TEAM_EXPIRED,
      });
    }
    expect(
      (
        await call(t, 'POST', '/ai/job/create', {
          token: f.author.token,
          body: { topic: '新课', lessonCount: 1 },
        })
      ).code,
    ).toBe(Code.TEAM_EXPIRED);
    const after = await detail(f.author.token, job.jobId);
    expect(after.data.status).toBe('outline_ready');
    expect(after.data.outline).toEqual(job.outline);
    // Abilities leave the expiry out (the web disables writes while the team is read-only).
    expect(after.data.abilities).toEqual(ALL);
  });

  it("answers 404 for another team's job, whoever asks", async () => {
    const f = await team();
    const job = await newJob(f.author.token, '别的团队看不到');
    const stranger = await createUser(t);
    await createTeam(t, stranger.token);
    expect(await writes(stranger.token, job)).toEqual({
      outline: 404,
      generate: 404,
      retry: 404,
      cancel: 404,
    });
    expect((await detail(stranger.token, job.jobId)).code).toBe(404);
    expect((await detail(f.author.token, job.jobId)).data.status).toBe('outline_ready');
  });
});
