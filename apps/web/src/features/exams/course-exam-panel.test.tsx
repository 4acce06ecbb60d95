import { Code, Routes, type Exam, type Question } from '@studio/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../lib/i18n/index.ts';
import { queryClient } from '../../lib/query-client.ts';
import { http } from '../../lib/request.ts';
import { writeStoredUser } from '../../lib/storage.ts';
import { team, user } from '../../test/fixtures.ts';
import { TestProviders } from '../../test/test-providers.tsx';
import { CourseExamPanel } from './course-exam-panel.tsx';

const mock = new MockAdapter(http);
const ok = (data: unknown): [number, unknown] => [200, { code: Code.OK, msg: 'ok', data }];
const question: Question = {
  questionId: 3,
  type: 'judge',
  stem: '课程里的判断题',
  options: [],
  answer: true,
  explanation: '',
  tags: [],
  difficulty: 'easy',
  updateTime: 1_700_000_000_000,
};
const draft: Exam = {
  examId: 5,
  title: '结业考试',
  description: '',
  source: { mode: 'list', questionIds: [3] },
  questionCount: 1,
  timeLimitMinutes: 30,
  maxAttempts: 2,
  passPercent: 80,
  shuffleQuestions: false,
  shuffleOptions: false,
  showAnswers: 'afterSubmit',
  closeTime: null,
  closed: false,
  attemptCount: 0,
  passedCount: 0,
  createTime: 1_700_000_000_000,
};
const bodyOf = (data: unknown) => JSON.parse(String(data)) as Record<string, unknown>;
const panel = () =>
  render(
    <TestProviders>
      <CourseExamPanel courseId={11} />
    </TestProviders>,
  );

beforeEach(() => {
  writeStoredUser(user({ lastTeam: team({ userTeamRole: 'MEMBER' }) }));
  mock
    .onGet(Routes.courseExam.questionList)
    .reply(...ok({ list: [question], total: 1, pageNum: 1, pageSize: 20, tags: [] }));
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

describe('课程考试 in the course editor', () => {
  it('lists the course’s own questions (not the team bank) and says there is no exam yet', async () => {
    mock.onGet(Routes.courseExam.draft).reply(...ok({ exam: null }));
    panel();
    expect(await screen.findByText('课程里的判断题')).toBeTruthy();
    expect(await screen.findByText(/这门课程还没有考试/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '设置考试' })).toBeTruthy();
    const asked = mock.history.get.find((r) => r.url === Routes.courseExam.questionList);
    expect(asked?.params).toMatchObject({ courseId: 11 });
    expect(mock.history.get.some((r) => r.url === Routes.exam.questionList)).toBe(false);
  });

  it('edits the course’s exam settings and saves them for the course', async () => {
    mock.onGet(Routes.courseExam.draft).reply(...ok({ exam: draft }));
    mock.onPost(Routes.courseExam.save).reply(...ok(draft));
    panel();
    expect(
      await screen.findByText('结业考试 · 共 1 题 · 限时 30 分钟 · 可考 2 次 · 及格线 80%'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '编辑考试' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('考试名称'), { target: { value: '新的结业考试' } });
    fireEvent.click(dialog.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(mock.history.post.some((r) => r.url === Routes.courseExam.save)).toBe(true));
    const body = bodyOf(mock.history.post.find((r) => r.url === Routes.courseExam.save)!.data);
    expect(body).toMatchObject({
      courseId: 11,
      exam: { title: '新的结业考试', source: { mode: 'list', questionIds: [3] }, passPercent: 80 },
    });
    expect(mock.history.post.some((r) => r.url === Routes.exam.create || r.url === Routes.exam.update)).toBe(
      false,
    );
  });

  it("imports a sheet into the course's questions, the course's id sent before the file, and exports them", async () => {
    mock.onGet(Routes.courseExam.draft).reply(...ok({ exam: null }));
    mock.onPost(Routes.courseExam.questionImport).reply(...ok({ imported: 2 }));
    mock.onGet(Routes.courseExam.questionExport).reply(200, new Blob(['xlsx']));
    panel();
    await screen.findByText('课程里的判断题');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], '课程题目.xlsx')] } });
    await waitFor(() =>
      expect(mock.history.post.some((r) => r.url === Routes.courseExam.questionImport)).toBe(true),
    );
    const sent = mock.history.post.find((r) => r.url === Routes.courseExam.questionImport)!.data as FormData;
    expect([...sent.keys()]).toEqual(['courseId', 'file']);
    expect(sent.get('courseId')).toBe('11');
    expect((sent.get('file') as File).name).toBe('课程题目.xlsx');
    expect(mock.history.post.some((r) => r.url === Routes.exam.questionImport)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /导出/ }));
    await waitFor(() =>
      expect(mock.history.get.find((r) => r.url === Routes.courseExam.questionExport)?.params).toEqual({
        courseId: 11,
      }),
    );
  });

  it('deletes a question of the course, naming the course', async () => {
    mock.onGet(Routes.courseExam.draft).reply(...ok({ exam: null }));
    mock.onPost(Routes.courseExam.questionRemove).reply(...ok(null));
    panel();
    const row = within((await screen.findByText('课程里的判断题')).closest('tr')!);
    fireEvent.click(row.getByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(mock.history.post.find((r) => r.url === Routes.courseExam.questionRemove)?.data).toBeDefined(),
    );
    expect(bodyOf(mock.history.post.find((r) => r.url === Routes.courseExam.questionRemove)!.data)).toEqual({
      courseId: 11,
      questionId: 3,
    });
  });
});
