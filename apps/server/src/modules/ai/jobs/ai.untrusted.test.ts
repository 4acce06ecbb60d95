/**
 * AI output is untrusted input: a generated lesson is stored through the same check as a person's
 * save (the sanitizer's whitelist and the size limit).
 */
import {
  Code,
  COURSE_LIMITS,
  messageFor,
  sanitizeDoc,
  type AiJob,
  type DocNode,
  type Lesson,
} from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCourse, createLesson, createTeam, createUser } from '../../../../test/factories.ts';
import { waitForJob } from '../../../../test/ai-jobs.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { markdownToDoc } from './markdown-doc.ts';
import { TemplateGenerator } from '../../../platform/ai/template-generator.ts';

const HOSTILE = [
  '## 学习目标',
  '<script>alert(1)</script>',
  '',
  '点这里 [x](javascript:alert(1)) 看答案。',
  '',
  '<img src=x onerror=alert(1)>',
  '',
  '```javascript:alert(1)',
  'console.log(1)',
  '```',
  '',
  '```<img src=x onerror=alert(1)>',
  'x',
  '```',
].join('\n');

/** A runaway generation: well over the limit, well under the 1 MB request body a person could send. */
const OVERSIZED = `## 失控的输出\n${'Runaway text again. '.repeat(150).concat('\n\n').repeat(200)}`;

/** A provider whose lesson 0 is hostile and lesson 1 is oversized on its first attempt. */
class HostileGenerator extends TemplateGenerator {
  oversizedOnce = true;
  override async lesson(...args: Parameters<TemplateGenerator['lesson']>): Promise<string> {
    const [, , idx, onDelta] = args;
    if (idx === 0) return (onDelta(HOSTILE), HOSTILE);
    if (idx === 1 && this.oversizedOnce) {
      this.oversizedOnce = false;
      onDelta(OVERSIZED.slice(0, 100));
      return OVERSIZED;
    }
    return super.lesson(...args);
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { generator: new HostileGenerator(0) });
});
afterAll(() => t.close());

const until = (token: string, jobId: number, ok: (j: AiJob) => boolean, ms?: number) =>
  waitForJob(t, token, jobId, ok, ms);

const lessonContent = async (token: string, lessonId: number): Promise<DocNode> =>
  (await call<Lesson>(t, 'GET', '/lesson/detail', { token, query: { lessonId: String(lessonId) } })).data
    .content;

/** The document without its text: a script in a text node is shown as text, anywhere else it is live. */
const withoutText = (node: DocNode): unknown => ({
  ...node,
  text: undefined,
  content: node.content?.map(withoutText),
});

describe('generated lessons are untrusted input', () => {
  it('stores hostile output sanitized, refuses an oversized lesson as a retryable failure, as a person’s save does', async () => {
    const user = await createUser(t);
    await createTeam(t, user.token);
    const created = await call<AiJob>(t, 'POST', '/ai/job/create', {
      token: user.token,
      body: { topic: '网页安全', lessonCount: 2 },
    });
    const jobId = created.data.jobId;
    await until(user.token, jobId, (j) => j.status === 'outline_ready');
    await call(t, 'POST', '/ai/job/generate', { token: user.token, body: { jobId } });
    const settled = await until(user.token, jobId, (j) => j.status === 'failed' || j.status === 'done');

    // The hostile lesson: only whitelisted nodes and checked attributes; nothing live outside text.
    expect(settled.lessons[0]!.status).toBe('done');
    const hostile = await lessonContent(user.token, settled.lessons[0]!.lessonId!);
    expect(hostile).toEqual(sanitizeDoc(hostile));
    expect(JSON.stringify(withoutText(hostile))).not.toMatch(/script|javascript:|onerror|<img/i);
    expect(JSON.stringify(hostile)).toContain('console.log(1)'); // the lesson itself is kept

    // The oversized lesson: failed with a clear, retryable message; nothing over the limit stored.
    expect(settled.status).toBe('failed');
    expect(settled.lessons[1]).toMatchObject({
      status: 'failed',
      error: { code: Code.AI_LESSON_TOO_LARGE, params: { kb: COURSE_LIMITS.contentMaxBytes / 1024 } },
    });
    const big = await lessonContent(user.token, settled.lessons[1]!.lessonId!);
    expect(Buffer.byteLength(JSON.stringify(big))).toBeLessThanOrEqual(COURSE_LIMITS.contentMaxBytes);
    expect(JSON.stringify(big)).not.toContain('Runaway');

    // A person saving the same documents meets the same rule: the same stored result, the same limit.
    const course = await createCourse(t, user.token);
    const mine = await createLesson(t, user.token, course.courseId);
    const saved = await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: { lessonId: mine.lessonId, version: mine.version, content: markdownToDoc(HOSTILE) },
    });
    expect(saved.code).toBe(200);
    expect(await lessonContent(user.token, mine.lessonId)).toEqual(hostile);
    const tooBig = await call(t, 'POST', '/lesson/save', {
      token: user.token,
      body: { lessonId: mine.lessonId, version: mine.version + 1, content: markdownToDoc(OVERSIZED) },
    });
    expect(tooBig).toMatchObject({
      status: 400,
      code: Code.LESSON_CONTENT_TOO_LARGE,
      msg: messageFor(Code.LESSON_CONTENT_TOO_LARGE, { kb: COURSE_LIMITS.contentMaxBytes / 1024 }),
      data: { kb: COURSE_LIMITS.contentMaxBytes / 1024 },
    });
    expect(tooBig.msg).toBe('课时内容不能超过 512 KB');

    // The author retries the oversized lesson; the provider behaves this time.
    expect(
      (await call(t, 'POST', '/ai/job/retry', { token: user.token, body: { jobId, idx: 1 } })).code,
    ).toBe(200);
    const done = await until(user.token, jobId, (j) => j.status === 'done');
    expect(done.lessons[1]!.error).toBeNull();
    expect(JSON.stringify(await lessonContent(user.token, done.lessons[1]!.lessonId!))).toContain('学习目标');
  });
});
