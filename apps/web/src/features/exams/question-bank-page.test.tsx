import { Code, Routes, type Question } from '@studio/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { http } from '../../lib/request.ts';
import { writeStoredUser } from '../../lib/storage.ts';
import { team, user } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { useSession } from '../../lib/session-store.ts';
import { examInputOf } from './exam-form.tsx';
import { inputOf } from './question-form.tsx';

const mock = new MockAdapter(http);
const ok = (data: unknown): [number, unknown] => [200, { code: Code.OK, msg: 'ok', data }];

const question = (over: Partial<Question> = {}): Question => ({
  questionId: 1,
  type: 'judge',
  stem: '电梯可以在火灾时使用',
  options: [],
  answer: false,
  explanation: '',
  tags: ['消防'],
  difficulty: 'easy',
  updateTime: 1_700_000_000_000,
  ...over,
});
const page = (list: Question[]) => ({ list, total: list.length, pageNum: 1, pageSize: 20, tags: ['消防'] });
const asRole = (role: 'OWNER' | 'MEMBER') =>
  writeStoredUser(user({ lastTeam: team({ userTeamRole: role }) }));

beforeEach(() => {
  useSession.setState({ status: 'ready', user: null });
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

describe('/exam/bank (题库)', () => {
  it('a member is told no, and nothing is asked of the server', async () => {
    asRole('MEMBER');
    renderApp('/exam/bank');
    expect(await screen.findByText('没有权限进行该操作')).toBeTruthy();
    expect(mock.history.get.filter((r) => r.url === Routes.exam.questionList)).toHaveLength(0);
  });

  it('lists the questions with their type, difficulty and tags', async () => {
    asRole('OWNER');
    mock.onGet(Routes.exam.questionList).reply(...ok(page([question()])));
    renderApp('/exam/bank');
    const row = within((await screen.findByText('电梯可以在火灾时使用')).closest('tr')!);
    expect(row.getByText('判断')).toBeTruthy();
    expect(row.getByText('易')).toBeTruthy();
    expect(row.getByText('消防')).toBeTruthy();
    expect(screen.getByText('共 1 题')).toBeTruthy();
  });

  it('an invalid import lists the rows the server named', async () => {
    asRole('OWNER');
    mock.onGet(Routes.exam.questionList).reply(...ok(page([])));
    mock.onPost(Routes.exam.questionImport).reply(200, {
      code: Code.EXAM_IMPORT_INVALID,
      msg: '有 2 行题目不正确，未导入任何题目',
      data: {
        count: 2,
        rows: [
          { row: 3, message: '答案: 答案必须是已有的选项' },
          { row: 5, message: '题干: 必填' },
        ],
      },
    });
    renderApp('/exam/bank');
    await screen.findByText('题库还没有题目');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], '题库.xlsx')] } });
    expect(await screen.findByText('第 3 行：答案: 答案必须是已有的选项')).toBeTruthy();
    expect(screen.getByText('第 5 行：题干: 必填')).toBeTruthy();
    expect(screen.getByText('有 2 行题目不正确，未导入任何题目')).toBeTruthy();
    const sent = mock.history.post.find((r) => r.url === Routes.exam.questionImport)!.data as FormData;
    expect((sent.get('file') as File).name).toBe('题库.xlsx');
  });

  it('adds a single-choice question: options, the key as an index', async () => {
    asRole('OWNER');
    mock.onGet(Routes.exam.questionList).reply(...ok(page([])));
    mock.onPost(Routes.exam.questionCreate).reply(...ok(question()));
    renderApp('/exam/bank');
    fireEvent.click(await screen.findByRole('button', { name: /添加题目/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('题干'), { target: { value: '1 + 1 = ?' } });
    fireEvent.change(within(dialog).getByLabelText('选项 A'), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText('选项 B'), { target: { value: '2' } });
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'B. 2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(mock.history.post.filter((r) => r.url === Routes.exam.questionCreate)).toHaveLength(1),
    );
    expect(
      JSON.parse(mock.history.post.find((r) => r.url === Routes.exam.questionCreate)!.data as string),
    ).toEqual({
      type: 'single',
      stem: '1 + 1 = ?',
      options: ['1', '2'],
      answer: 1,
      explanation: '',
      tags: [],
      difficulty: 'medium',
    });
  });
});

describe('the exam form', () => {
  it('sends rules without blank filters, and an empty time limit as none', () => {
    const input = examInputOf({
      title: '考试',
      description: '',
      mode: 'rules',
      questionIds: [],
      rules: [
        { tag: '消防', count: 2 },
        { difficulty: 'hard', count: 1 },
      ],
      timeLimitMinutes: null,
      maxAttempts: 2,
      passPercent: 60,
      shuffleQuestions: true,
      shuffleOptions: false,
      showAnswers: 'afterClose',
    });
    expect(input.source).toEqual({
      mode: 'rules',
      rules: [
        { tag: '消防', count: 2 },
        { difficulty: 'hard', count: 1 },
      ],
    });
    expect(input.timeLimitMinutes).toBeNull();
  });

  it('a 判断 question’s form has no option fields, and antd leaves them out: its input is still built', () => {
    const judge = {
      type: 'judge',
      stem: '水在 0 °C 结冰',
      judge: true,
      explanation: '',
      tags: [],
      difficulty: 'easy',
    };
    expect(inputOf(judge as Parameters<typeof inputOf>[0])).toEqual({
      type: 'judge',
      stem: '水在 0 °C 结冰',
      answer: true,
      explanation: '',
      tags: [],
      difficulty: 'easy',
    });
  });
});
