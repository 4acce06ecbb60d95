import { Code, Routes, type Certificate } from '@studio/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { user } from '../../../test/fixtures.ts';

const mock = new MockAdapter(http);
const certificate: Certificate = {
  code: 'ABCDEFGH2345',
  learnerName: '小明',
  courseTitle: 'Python 零基础入门',
  issuerTeamName: '星火课程组',
  learnerTeamName: '买家学习小组',
  issuedAt: 1_700_000_000_000,
  revokedAt: null,
  exam: null,
};

/** The value a <dt> of the sheet names. */
const termValue = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => {
  // A visitor: nobody logged in, no team.
  useSession.setState({ status: 'ready', user: null });
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
  vi.restoreAllMocks();
});

describe('/certificate/:code (public)', () => {
  it('shows the learner, course, the issuing and the learner team, date, code and a QR code of its own address; prints', async () => {
    mock.onGet(Routes.certificate.view).reply(200, { code: Code.OK, msg: 'ok', data: certificate });
    const router = renderApp('/certificate/ABCDEFGH2345');
    expect(await screen.findByRole('heading', { name: '结业证书' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/certificate/ABCDEFGH2345');
    expect(mock.history.get[0]?.params).toEqual({ code: 'ABCDEFGH2345' });
    expect(screen.getByText('小明')).toBeTruthy();
    expect(screen.getByText('Python 零基础入门')).toBeTruthy();
    // 颁发团队 is the team that made the course; the learner's team is named as such.
    expect(termValue('颁发团队')).toBe('星火课程组');
    expect(termValue('学员团队')).toBe('买家学习小组');
    expect(screen.getByText('有效证书')).toBeTruthy();
    expect(screen.queryByText('已撤销')).toBeNull();
    expect(screen.getByText(formatDate(certificate.issuedAt))).toBeTruthy();
    expect(screen.getByText('ABCDEFGH2345')).toBeTruthy();
    // No course exam was needed: none is named.
    expect(screen.queryByText('课程考试', { selector: 'dt' })).toBeNull();
    const url = `${window.location.origin}/certificate/ABCDEFGH2345`;
    expect(screen.getByTitle(`证书验证二维码：${url}`)).toBeTruthy();

    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: /打印证书/ }));
    expect(print).toHaveBeenCalled();
  });

  it('a course exam it needed: passed and its pass mark for a visitor, the score for its learner', async () => {
    const exam = { title: '结业考试', passPercent: 80, score: null };
    mock
      .onGet(Routes.certificate.view)
      .replyOnce(200, { code: Code.OK, msg: 'ok', data: { ...certificate, exam } });
    renderApp('/certificate/ABCDEFGH2345');
    expect(await screen.findByText('课程考试', { selector: 'dt' })).toBeTruthy();
    expect(termValue('课程考试')).toBe('已通过「结业考试」（及格线 80%）');
    expect(screen.queryByText(/考试成绩只有你本人能看到/)).toBeNull();
    cleanup();

    // The learner, signed in: the server sends their score (asked again: the viewer is in the key).
    useSession.setState({ status: 'ready', user: user() });
    mock
      .onGet(Routes.certificate.view)
      .replyOnce(200, { code: Code.OK, msg: 'ok', data: { ...certificate, exam: { ...exam, score: 92 } } });
    renderApp('/certificate/ABCDEFGH2345');
    await waitFor(() => expect(termValue('课程考试')).toBe('已通过「结业考试」，成绩 92 分（及格线 80%）'));
    expect(screen.getByText('考试成绩只有你本人能看到，验证证书的人只看到已通过考试。')).toBeTruthy();
  });

  it('a revoked certificate says 已撤销 and when, never 有效证书, and offers no printing', async () => {
    const revokedAt = 1_700_086_400_000;
    mock
      .onGet(Routes.certificate.view)
      .reply(200, { code: Code.OK, msg: 'ok', data: { ...certificate, revokedAt } });
    renderApp('/certificate/ABCDEFGH2345');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('已撤销');
    expect(alert.textContent).toContain(formatDateTime(revokedAt));
    expect(termValue('撤销时间')).toBe(formatDateTime(revokedAt));
    expect(screen.queryByText('有效证书')).toBeNull();
    expect(screen.queryByRole('button', { name: /打印证书/ })).toBeNull();
  });

  it('an unknown code says 证书不存在', async () => {
    mock
      .onGet(Routes.certificate.view)
      .reply(200, { code: Code.NOT_FOUND, msg: '请求的资源不存在', data: null });
    renderApp('/certificate/ZZZZZZZZZZZZ');
    expect(await screen.findByRole('heading', { name: '证书不存在' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /打印证书/ })).toBeNull();
  });

  it('a code that cannot be a certificate code (400) says 证书不存在 too', async () => {
    mock.onGet(Routes.certificate.view).reply(400, { code: 400, msg: 'code: 格式不正确', data: null });
    renderApp('/certificate/nope');
    expect(await screen.findByRole('heading', { name: '证书不存在' })).toBeTruthy();
  });
});
