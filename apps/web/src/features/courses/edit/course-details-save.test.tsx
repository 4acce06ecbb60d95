/**
 * Lost edits on the course details form (issue 12): a fake server behind the real request client,
 * with answers the test holds back, so a slow save, a slow refetch or leaving the page lands exactly
 * while the user types. Every journey ends by asking the fake server what it stored.
 */
import { Code, Routes } from '@studio/contract';
import type { CourseDetail } from '@studio/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { writeStoredUser } from '../../../lib/storage.ts';
import { courseDetail, user } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { courseKeys } from '../course-api.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown): [number, unknown] => [200, { code: 200, msg: 'ok', data }];

/** A gate the test opens: requests that meet a closed gate wait until it opens. */
const gate = () => {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

/** The server's course, changed only by /course/modify on the version it holds (else 409). */
const fakeServer = () => {
  const course: CourseDetail = courseDetail();
  const modifies: Record<string, unknown>[] = [];
  const state = {
    course,
    modifies,
    /** Set to hold the next detail answer (its data is read when the request arrives). */
    detailGate: null as ReturnType<typeof gate> | null,
    modifyGate: null as ReturnType<typeof gate> | null,
    detailRequests: 0,
  };
  mock.onGet(Routes.course.detail).reply(async () => {
    state.detailRequests += 1;
    const snapshot = structuredClone(state.course);
    const held = state.detailGate;
    state.detailGate = null;
    if (held) await held.opened;
    return ok(snapshot);
  });
  mock.onPost(Routes.course.modify).reply(async (config) => {
    const body = JSON.parse(String(config.data)) as Record<string, unknown> & { version: number };
    modifies.push(body);
    const held = state.modifyGate;
    state.modifyGate = null;
    if (held) await held.opened;
    if (body.version !== state.course.version) return [200, { code: Code.CONFLICT, msg: '冲突', data: null }];
    const { courseId: _id, version: _v, ...fields } = body;
    state.course = {
      ...state.course,
      ...fields,
      version: state.course.version + 1,
      updateTime: state.course.updateTime + 1000,
    };
    const { lessons: _l, ...saved } = state.course;
    return ok(saved);
  });
  return state;
};

const opened = () => screen.findByDisplayValue('未命名课程');
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const savedStatus = () =>
  waitFor(() => expect(document.querySelector('[data-save-status="saved"]')).not.toBeNull(), {
    timeout: 8000,
  });

let server: ReturnType<typeof fakeServer>;

beforeEach(() => {
  mock.onGet(Routes.team.changeList).reply(200, { code: 200, msg: 'ok', data: { list: [] } });
  writeStoredUser(user());
  useSession.setState({ status: 'ready', user: user() });
  server = fakeServer();
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

// jsdom renders the whole antd page slowly on a shared machine; the waits are for answers, not time.
describe('course details: nothing the user typed is lost', () => {
  it('typing during a slow save: every field typed before, during and after it is saved', async () => {
    renderApp('/create/course/5');
    await opened();
    const held = gate();
    server.modifyGate = held;
    type('课程标题', '浏览器测试课程');
    // The autosave sends the title; its answer is held while the user goes on typing.
    await waitFor(() => expect(server.modifies).toHaveLength(1), { timeout: 5000 });
    type('课程简介', '一门课程。');
    type('副标题', '从零开始');
    act(() => held.open());
    await waitFor(() => expect(server.modifies).toHaveLength(2), { timeout: 5000 });
    await savedStatus();
    expect(server.course).toMatchObject({
      title: '浏览器测试课程',
      summary: '一门课程。',
      subtitle: '从零开始',
    });
    expect(field('课程标题').value).toBe('浏览器测试课程');
  });

  it('a refetch that left before the save and answers after it resets nothing typed, now or on return', async () => {
    const router = renderApp('/create/course/5');
    await opened();
    type('课程标题', '浏览器测试课程');
    // Something (a lesson added, another save) refetches the course; its old answer is held back.
    const held = gate();
    server.detailGate = held;
    const requests = server.detailRequests;
    await act(async () => {
      void queryClient.invalidateQueries({ queryKey: courseKeys.detail(7, 5) });
    });
    await waitFor(() => expect(server.detailRequests).toBeGreaterThan(requests));
    await waitFor(() => expect(server.course.title).toBe('浏览器测试课程'), { timeout: 5000 });
    await savedStatus();
    act(() => held.open());
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(field('课程标题').value).toBe('浏览器测试课程');
    expect(queryClient.getQueryData<CourseDetail>(courseKeys.detail(7, 5))?.title).toBe('浏览器测试课程');

    // Away and back: the page opens from the cache, which must not hold the old title.
    await act(() => router.navigate('/no/such/page'));
    await act(() => router.navigate('/create/course/5'));
    await screen.findByLabelText('课程标题');
    expect(field('课程标题').value).toBe('浏览器测试课程');
    type('课程简介', '回来后写的简介。');
    await waitFor(() => expect(server.course.summary).toBe('回来后写的简介。'), { timeout: 5000 });
    expect(server.course.title).toBe('浏览器测试课程');
    expect(screen.queryByText('课程信息已在别处修改')).toBeNull();
  });

  it('leaving the page before the autosave delay still saves what was typed', async () => {
    const router = renderApp('/create/course/5');
    await opened();
    type('课程标题', '浏览器测试课程');
    type('价格（元）', '12.5');
    await act(() => router.navigate('/author'));
    await waitFor(() => expect(server.course).toMatchObject({ title: '浏览器测试课程', price: 1250 }), {
      timeout: 5000,
    });
  });

  it('a save sends only the fields typed, so a form holding an old title cannot write it back', async () => {
    renderApp('/create/course/5');
    await opened();
    // Another tab renames the course; this page still shows the old title and is not told.
    server.course = { ...server.course, title: '别处改的标题', version: 2 };
    type('课程简介', '只改了简介。');
    await waitFor(() => expect(server.modifies).toHaveLength(1), { timeout: 5000 });
    expect(server.modifies[0]).not.toHaveProperty('title');
    expect(server.modifies[0]).toMatchObject({ summary: '只改了简介。' });
  });
});

describe('结业要求 (completion settings)', () => {
  it('are saved with the course details; a value out of range is said and not sent', async () => {
    renderApp('/create/course/5');
    await opened();
    expect(screen.getByRole('group', { name: '结业要求' })).toBeTruthy();
    expect(field('每课时最少学习时间').value).toBe('30');
    expect(field('及格线').value).toBe('60');
    expect(field('每道测验最多作答次数').value).toBe('');

    type('及格线', '101');
    expect(await screen.findByText('请输入 0 到 100 之间的整数')).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, 1500)));
    expect(server.modifies).toHaveLength(0);

    type('及格线', '80');
    type('每道测验最多作答次数', '3');
    const noSeek = screen.getByRole('checkbox', { name: '禁止拖动未看部分' }) as HTMLInputElement;
    expect(noSeek.checked).toBe(false);
    fireEvent.click(noSeek);
    await waitFor(() => expect(server.modifies.length).toBeGreaterThan(0), { timeout: 5000 });
    await savedStatus();
    // Only the settings go: never a copy of the other details.
    expect(server.modifies.at(-1)).not.toHaveProperty('title');
    expect(server.course.completion).toEqual({
      minLessonSeconds: 30,
      passMark: 80,
      maxQuizAttempts: 3,
      noSeekAhead: true,
    });
  });

  it('say the course exam must be passed while the course has one, with a link to 课程考试', async () => {
    const exam = { examId: 9, title: '结业考试', passPercent: 80, questionCount: 1 };
    mock.onGet(Routes.courseExam.draft).replyOnce(...ok({ exam: null }));
    mock.onGet(Routes.courseExam.draft).reply(...ok({ exam }));
    mock
      .onGet(Routes.courseExam.questionList)
      .reply(...ok({ list: [], total: 0, pageNum: 1, pageSize: 20, tags: [] }));
    renderApp('/create/course/5');
    await opened();
    const rules = within(screen.getByRole('group', { name: '结业要求' }));
    await waitFor(() => expect(mock.history.get.some((r) => r.url === Routes.courseExam.draft)).toBe(true));
    // No exam: no such requirement.
    expect(rules.queryByText('需通过课程考试')).toBeNull();

    // The exam is set (the panel's save reads the draft again): the form states it, as the server decides.
    await act(() => queryClient.invalidateQueries({ queryKey: ['exams'] }));
    expect(await rules.findByText('需通过课程考试')).toBeTruthy();
    expect(
      rules.getByText('学员还需通过课程考试「结业考试」（及格线 80%）才能结业、获得证书。'),
    ).toBeTruthy();
    const link = rules.getByRole('link', { name: '前往课程考试' });
    expect(link.getAttribute('href')).toBe('#course-exam-5');
    expect(document.getElementById('course-exam-5')?.textContent).toBe('课程考试');
  });
});
