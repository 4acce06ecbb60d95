import { Code, Routes, type Certificate } from '@studio/contract';
import { fireEvent, screen } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useSession } from '../../auth/session-store.ts';

const mock = new MockAdapter(http);
const certificate: Certificate = {
  code: 'ABCDEFGH2345',
  learnerName: '小明',
  courseTitle: 'Python 零基础入门',
  teamName: '星火课程组',
  issuedAt: 1_700_000_000_000,
};

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
  it('shows the learner, course, team, date, code and a QR code of its own address; prints', async () => {
    mock.onGet(Routes.certificate.view).reply(200, { code: Code.OK, msg: 'ok', data: certificate });
    const router = renderApp('/certificate/ABCDEFGH2345');
    expect(await screen.findByRole('heading', { name: '结业证书' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/certificate/ABCDEFGH2345');
    expect(mock.history.get[0]?.params).toEqual({ code: 'ABCDEFGH2345' });
    expect(screen.getByText('小明')).toBeTruthy();
    expect(screen.getByText('Python 零基础入门')).toBeTruthy();
    expect(screen.getByText('星火课程组')).toBeTruthy();
    expect(screen.getByText(formatDate(certificate.issuedAt))).toBeTruthy();
    expect(screen.getByText('ABCDEFGH2345')).toBeTruthy();
    const url = `${window.location.origin}/certificate/ABCDEFGH2345`;
    expect(screen.getByTitle(`证书验证二维码：${url}`)).toBeTruthy();

    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: /打印证书/ }));
    expect(print).toHaveBeenCalled();
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
