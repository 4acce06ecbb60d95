import { Code, Routes, type LearnReportQuery } from '@studio/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { localDate } from '../../../lib/save-file.ts';
import { writeStoredUser } from '../../../lib/storage.ts';
import { team, user } from '../../../test/fixtures.ts';
import { learnItem, learnReport, reportRow, reportWeeks } from '../../../test/learn-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
// ECharts imported with the file, as a browser has it cached when the chart asks: a cold import is
// slow, and belongs to the file's import time, not to a test's wait or a hook's.
import '../../../components/chart/echarts-setup.ts';
import { useSession } from '../../../lib/session-store.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown): [number, unknown] => [200, { code: Code.OK, msg: 'ok', data }];

const halfway = reportRow({ watchedMs: 80 * 60_000 + 59_000 });
const fresh = reportRow({
  userId: 3,
  nickName: '小刚',
  completedCount: 0,
  progress: 0,
  lastActivityAt: null,
  quizCorrect: 0,
  quizAnswered: 0,
  score: 0,
});
const done = reportRow({
  userId: 1,
  nickName: '小明',
  courseId: 12,
  courseTitle: 'Excel 数据分析',
  completedCount: 5,
  lessonCount: 5,
  progress: 100,
  lastActivityAt: 1_700_100_000_000,
  completedAt: 1_700_100_000_000,
  quizCorrect: 6,
  quizAnswered: 6,
  quizTotal: 0,
  score: null,
});
const WEEKLY = [0, 1, 0, 3, 2, 0, 0, 6, 1, 0, 4, 2];

/** The report requests' query, in order. */
const reportQueries = () =>
  mock.history.get.filter((r) => r.url === Routes.learn.report).map((r) => r.params as LearnReportQuery);
const lastReportQuery = () => reportQueries().at(-1);
const row = async (name: string) => within((await screen.findByText(name)).closest('tr') as HTMLElement);

/** Opens an antd Select by its label and picks an option by its text. */
const pick = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = document.querySelector(`.ant-select-item-option[title="${option}"]`);
    expect(found).toBeTruthy();
    return found as HTMLElement;
  });
  fireEvent.click(item);
};

const asMember = () => writeStoredUser(user({ lastTeam: team({ userTeamRole: 'MEMBER' }) }));

beforeEach(() => {
  useSession.setState({ status: 'ready', user: null });
  writeStoredUser(user());
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
  mock
    .onGet(Routes.learn.list)
    .reply(...ok({ list: [learnItem(), learnItem({ courseId: 12, title: 'Excel 数据分析' })] }));
  mock.onGet(Routes.learn.report).reply((config) => {
    const q = config.params as LearnReportQuery;
    return ok(
      learnReport({
        list: [halfway, fresh, done],
        total: 25,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
        weekly: reportWeeks(WEEKLY),
      }),
    );
  });
});
const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  mock.reset();
  queryClient.clear();
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('/learn/report (团队学习报告)', () => {
  it('shows each member × course with progress, last study, completion and quiz figures', async () => {
    renderApp('/learn/report');
    const red = await row('小红');
    const bar = red.getByRole('progressbar', { name: '完成度' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(bar.getAttribute('aria-valuetext')).toBe('已完成 2/4 课时');
    expect(red.getByText('2/4')).toBeTruthy();
    expect(red.getByText('Python 零基础入门')).toBeTruthy();
    expect(red.getByText(formatDateTime(1_700_000_000_000))).toBeTruthy();
    expect(red.getByText('未完成')).toBeTruthy();
    expect(red.getByText('3/4')).toBeTruthy();
    expect(red.getByText('答对 3 题，共作答 4 题')).toBeTruthy();
    expect(red.getByText('75%（及格线 60%）')).toBeTruthy();
    // 观看时长: the course's video and audio, each part counted once (the server's union).
    expect(red.getByText('1 小时 20 分钟')).toBeTruthy();

    const gang = await row('小刚');
    expect(gang.getByText('0/4')).toBeTruthy();
    expect(gang.getByText('未开始')).toBeTruthy();
    expect(gang.getByText('未作答')).toBeTruthy();
    expect(gang.getByText('0%（及格线 60%）')).toBeTruthy();
    expect(gang.getByText('未观看')).toBeTruthy();

    const ming = await row('小明');
    expect(ming.getByRole('progressbar', { name: '完成度' }).getAttribute('aria-valuenow')).toBe('100');
    expect(ming.getByText('5/5')).toBeTruthy();
    expect(ming.getByText(formatDate(1_700_100_000_000))).toBeTruthy();
    expect(ming.getByText('6/6')).toBeTruthy();
    expect(ming.getByText('无测验')).toBeTruthy();

    expect(screen.getByText('共 25 条')).toBeTruthy();
    expect(reportQueries()).toEqual([{ pageNum: 1, pageSize: 10, status: 'all', sort: 'lastActivity' }]);
  });

  it('draws the weekly completions: 12 bars with their figures', async () => {
    renderApp('/learn/report');
    const plot = await screen.findByRole('img', { name: '近 12 周共学完 19 门课程' });
    await waitFor(() => expect(plot.querySelectorAll('svg text').length).toBeGreaterThanOrEqual(12));
    const figures = [...plot.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(figures.slice(0, 12)).toEqual(WEEKLY.map(String));
    const table = screen.getByRole('table', { name: '每周学完的课程数' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
  });

  it('reads filters, sort and page from the address (a shared link shows the same report)', async () => {
    renderApp(
      '/learn/report?keyword=%E5%B0%8F%E7%BA%A2&course=12&status=completed&sort=progress&page=2&size=20',
    );
    await row('小红');
    expect(reportQueries()).toEqual([
      { pageNum: 2, pageSize: 20, keyword: '小红', courseId: 12, status: 'completed', sort: 'progress' },
    ]);
    expect((screen.getByRole('searchbox', { name: '搜索成员或课程' }) as HTMLInputElement).value).toBe(
      '小红',
    );
    expect((screen.getByRole('radio', { name: '已完成' }) as HTMLInputElement).checked).toBe(true);
    const filters = within(screen.getByRole('search', { name: '筛选学习记录' }));
    // The course's title once /learn/list has answered, not its id.
    expect(await filters.findByTitle('Excel 数据分析')).toBeTruthy();
    expect(filters.getByTitle('完成度从高到低')).toBeTruthy();
  });

  it('puts each change in the address and asks the server again; a filter change goes back to page 1', async () => {
    const router = renderApp('/learn/report');
    await row('小红');
    const search = () => new URLSearchParams(router.state.location.search);

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(search().get('page')).toBe('2'));
    await waitFor(() => expect(lastReportQuery()).toMatchObject({ pageNum: 2 }));

    fireEvent.click(screen.getByRole('radio', { name: '已完成' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=completed'));
    await waitFor(() => expect(lastReportQuery()).toMatchObject({ pageNum: 1, status: 'completed' }));

    await pick('排序方式', '完成度从高到低');
    await waitFor(() => expect(search().get('sort')).toBe('progress'));
    await waitFor(() => expect(lastReportQuery()).toMatchObject({ status: 'completed', sort: 'progress' }));

    await pick('按课程筛选', 'Excel 数据分析');
    await waitFor(() => expect(search().get('course')).toBe('12'));
    await waitFor(() => expect(lastReportQuery()).toMatchObject({ courseId: 12 }));

    const keyword = screen.getByRole('searchbox', { name: '搜索成员或课程' });
    await act(async () => {
      fireEvent.change(keyword, { target: { value: ' Python ' } });
      fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
    await waitFor(() => expect(search().get('keyword')).toBe('Python'));
    expect(lastReportQuery()).toEqual({
      pageNum: 1,
      pageSize: 10,
      keyword: 'Python',
      courseId: 12,
      status: 'completed',
      sort: 'progress',
    });

    fireEvent.click(screen.getByRole('radio', { name: '全部' }));
    await waitFor(() => expect(search().get('status')).toBeNull());
    expect(search().get('keyword')).toBe('Python');
  });

  it('a page past the end says so and offers the last page, not "nothing matches"', async () => {
    mock.onGet(Routes.learn.report).reply((config) => {
      const q = config.params as LearnReportQuery;
      const list = q.pageNum > 3 ? [] : [halfway];
      return ok(learnReport({ list, total: 25, pageNum: q.pageNum, pageSize: q.pageSize }));
    });
    const router = renderApp('/learn/report?page=9');
    expect(await screen.findByText('第 9 页已经超出范围（共 25 条，3 页）')).toBeTruthy();
    expect(screen.queryByText('没有符合条件的学习记录')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '回到第 3 页' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(await screen.findByText('小红')).toBeTruthy();
  });

  it('导出 CSV downloads the report with the filters on screen as 学习报告-<date>.csv', async () => {
    const csv = new Blob(['\uFEFF成员,课程\r\n'], { type: 'text/csv' });
    mock.onGet(Routes.learn.reportCsv).reply(200, csv, { 'content-type': 'text/csv; charset=utf-8' });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderApp('/learn/report?keyword=Python&status=completed&sort=member&page=3&course=11');
    await row('小红');
    fireEvent.click(screen.getByText('导出 CSV', { selector: 'button span' }));
    await waitFor(() => expect(saved).toEqual([`学习报告-${localDate()}.csv`]));
    const request = mock.history.get.filter((r) => r.url === Routes.learn.reportCsv);
    expect(request).toHaveLength(1);
    expect(request[0]?.responseType).toBe('blob');
    // Every page: the same filters and order, no paging.
    expect(request[0]?.params).toEqual({
      keyword: 'Python',
      courseId: 11,
      status: 'completed',
      sort: 'member',
    });
    expect(URL.createObjectURL).toHaveBeenCalledWith(csv);
  });

  it('a MEMBER sees 无权查看, and the report is not asked for', async () => {
    asMember();
    renderApp('/learn/report');
    expect(await screen.findByRole('heading', { name: '无权查看' })).toBeTruthy();
    expect(screen.getByText('只有团队的所有者和管理员可以查看团队学习报告。')).toBeTruthy();
    expect(reportQueries()).toEqual([]);
    expect(screen.queryByText('导出 CSV')).toBeNull();
  });

  it('says 无权查看 too when the server refuses (the role changed since it was stored)', async () => {
    mock
      .onGet(Routes.learn.report)
      .reply(403, { code: Code.FORBIDDEN, msg: '没有权限进行该操作', data: null });
    renderApp('/learn/report');
    expect(await screen.findByRole('heading', { name: '无权查看' })).toBeTruthy();
    expect(screen.queryByText('学习报告没有加载成功')).toBeNull();
  });

  it('我的学习 offers OWNER/ADMIN the way in', async () => {
    const router = renderApp('/learn');
    fireEvent.click(await screen.findByText('团队学习报告', { selector: 'button span' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learn/report'));
  });

  it('has no way in from 我的学习 for a MEMBER', async () => {
    asMember();
    renderApp('/learn');
    expect(await screen.findByRole('heading', { name: '我的学习' })).toBeTruthy();
    expect(screen.queryByText('团队学习报告')).toBeNull();
  });
});
