import {
  Code,
  Routes,
  type InviteLink,
  type JoinRequest,
  type MyJoinRequest,
  type TeamRole,
} from '@studio/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { readStoredUser, writeStoredUser } from '../../../lib/storage.ts';
import { team, user } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useSession } from '../../../lib/session-store.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown, code: number = Code.OK): [number, unknown] => [200, { code, msg: 'ok', data }];
const posts = (url: string) =>
  mock.history.post.filter((r) => r.url === url).map((r) => JSON.parse(String(r.data ?? 'null')) as unknown);
const clickButton = async (name: string, scope: Pick<typeof screen, 'findByText'> = screen) =>
  fireEvent.click(
    (await scope.findByText(name, { selector: 'button span' })).closest('button') as HTMLButtonElement,
  );

/** Confirms the open popconfirm (its primary button; antd spaces a two-character label). */
const confirmPop = async () => {
  await waitFor(() => expect(document.querySelector('.ant-popconfirm .ant-btn-primary')).toBeTruthy());
  fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary') as HTMLButtonElement);
};

/** The team as the server answers it now; the handlers below change it as the server would. */
let server = { teamCode: 'ABC123', codeEnabled: true, joinApproval: false };

const serve = (role: TeamRole = 'OWNER') => {
  const lastTeam = team({ userTeamRole: role });
  writeStoredUser(user({ lastTeam }));
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
  mock
    .onGet(Routes.team.currentList)
    .reply(() => ok({ ...lastTeam, ...server, ownerId: 1, memberCount: 1, createTime: 0 }));
  mock.onGet(Routes.team.userList).reply(...ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }));
  mock.onGet(Routes.team.invitationTeamList).reply(...ok({ list: [] }));
  mock.onPost(Routes.team.codeReset).reply(() => {
    server = { ...server, teamCode: 'NEW789' };
    return ok(server);
  });
  mock.onPost(Routes.team.accessModify).reply((config) => {
    server = { ...server, ...(JSON.parse(String(config.data)) as object) };
    return ok(server);
  });
};

const link = (over: Partial<InviteLink> = {}): InviteLink => ({
  inviteId: 4,
  url: 'https://studio.example/selectTeam?invite=tok_1',
  role: 'MEMBER',
  expireTime: 1_900_000_000_000,
  maxUses: 1,
  uses: 0,
  creatorName: '小明',
  createTime: 1_700_000_000_000,
  state: 'active',
  ...over,
});

beforeEach(() => {
  useSession.setState({ status: 'ready', user: null });
  server = { teamCode: 'ABC123', codeEnabled: true, joinApproval: false };
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

describe('team access in the team centre', () => {
  it('OWNER resets the team code after confirming: the new code shows, in the stored team too', async () => {
    serve();
    mock.onGet(Routes.team.inviteList).reply(...ok({ list: [] }));
    renderApp('/personal/team');
    fireEvent.click(await screen.findByRole('tab', { name: '团队码' }));
    await clickButton('重置团队码');
    expect(posts(Routes.team.codeReset)).toEqual([]);
    await confirmPop();
    await waitFor(() => expect(posts(Routes.team.codeReset)).toHaveLength(1));
    expect(await screen.findByText('团队码已重置，旧团队码不能再使用')).toBeTruthy();
    expect((await screen.findAllByText('NEW789')).length).toBeGreaterThan(0);
    await waitFor(() => expect(readStoredUser()?.lastTeam?.teamCode).toBe('NEW789'));
  });

  it('OWNER turns the code off and 加入需审批 on; each switch sends its one setting', async () => {
    serve();
    mock.onGet(Routes.team.inviteList).reply(...ok({ list: [] }));
    mock.onGet(Routes.team.joinRequestList).reply(...ok({ list: [] }));
    renderApp('/personal/team');
    fireEvent.click(await screen.findByRole('tab', { name: '团队码' }));
    fireEvent.click(await screen.findByRole('switch', { name: '加入需审批' }));
    expect(await screen.findByText('已开启加入审批：用团队码加入需所有者或管理员同意')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: '启用团队码' }));
    expect(await screen.findByText('团队码已停用，不能再用它加入团队')).toBeTruthy();
    expect(posts(Routes.team.accessModify)).toEqual([{ joinApproval: true }, { codeEnabled: false }]);
    // Both the team's details and the code panel say it is off.
    await waitFor(() => expect(screen.getAllByText('已停用')).toHaveLength(2));
    // With approval on, the join requests card is there even while none waits.
    expect(await screen.findByText('没有待审批的加入申请')).toBeTruthy();
  });

  it('a MEMBER sees no access controls and asks for no links or requests', async () => {
    serve('MEMBER');
    renderApp('/personal/team');
    expect((await screen.findAllByText('ABC123')).length).toBeGreaterThan(0);
    expect(screen.queryByText('重置团队码')).toBeNull();
    expect(mock.history.get.some((r) => r.url === Routes.team.inviteList)).toBe(false);
    expect(mock.history.get.some((r) => r.url === Routes.team.joinRequestList)).toBe(false);
  });

  it('a link is made for one use and 24 hours by default, listed, and revoked after confirming', async () => {
    serve();
    let links = [link({ inviteId: 3, state: 'revoked' })];
    mock.onGet(Routes.team.inviteList).reply(() => ok({ list: links }));
    mock.onPost(Routes.team.inviteCreate).reply(() => {
      links = [link(), ...links];
      return ok({ inviteCode: 'tok_1', url: links[0]!.url, expireTime: links[0]!.expireTime });
    });
    mock.onPost(Routes.team.inviteRevoke).reply(() => {
      links = links.map((l) => (l.inviteId === 4 ? { ...l, state: 'revoked' } : l));
      return ok(null);
    });
    renderApp('/personal/team');
    const panel = await screen.findByRole('tabpanel', { name: '邀请链接' });
    await clickButton('生成邀请链接', within(panel));
    await waitFor(() =>
      expect(posts(Routes.team.inviteCreate)).toEqual([{ role: 'MEMBER', expireHours: 24, maxUses: 1 }]),
    );
    expect(await within(panel).findByText('最多可使用 1 次', { exact: false })).toBeTruthy();
    const list = await within(panel).findByRole('list', { name: '已生成的邀请链接' });
    await within(list).findByText('链接 2');
    expect(within(list).getByText('可使用')).toBeTruthy();
    expect(within(list).getByText('已撤销')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: '撤销链接 2' }));
    await confirmPop();
    await waitFor(() => expect(posts(Routes.team.inviteRevoke)).toEqual([{ inviteId: 4 }]));
    expect(await screen.findByText('邀请链接已撤销')).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByText('已撤销')).toHaveLength(2));
  });

  it('a join request waiting is approved: the member list is asked again', async () => {
    serve();
    server.joinApproval = true;
    const request: JoinRequest = {
      requestId: 8,
      userId: 5,
      nickName: '新同学',
      headImage: '',
      phone: '139****0005',
      createTime: 1_700_000_000_000,
    };
    let requests = [request];
    mock.onGet(Routes.team.inviteList).reply(...ok({ list: [] }));
    mock.onGet(Routes.team.joinRequestList).reply(() => ok({ list: requests }));
    mock.onPost(Routes.team.joinRequestApprove).reply(() => {
      requests = [];
      return ok(null);
    });
    renderApp('/personal/team');
    fireEvent.click(await screen.findByRole('button', { name: '同意 新同学 加入' }));
    await waitFor(() => expect(posts(Routes.team.joinRequestApprove)).toEqual([{ requestId: 8 }]));
    expect(await screen.findByText('已同意 新同学 加入团队')).toBeTruthy();
    expect(await screen.findByText('没有待审批的加入申请')).toBeTruthy();
    await waitFor(() =>
      expect(mock.history.get.filter((r) => r.url === Routes.team.userList).length).toBeGreaterThan(1),
    );
  });
});

describe('joining by code with approval (/selectTeam)', () => {
  it('makes a request: says so, stays on the page and lists it as 待审批', async () => {
    writeStoredUser(user({ lastTeam: null }));
    mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
    mock.onGet(Routes.team.invitationList).reply(...ok({ list: [] }));
    let mine: MyJoinRequest[] = [];
    mock.onGet(Routes.team.joinRequestMine).reply(() => ok({ list: mine }));
    mock.onPost(Routes.team.userInviteJoin).reply(() => {
      mine = [{ requestId: 8, teamName: '远方团队', teamLogo: '', createTime: 1_700_000_000_000 }];
      return ok({ ...mine[0], pending: true });
    });
    const router = renderApp('/selectTeam');
    fireEvent.change(await screen.findByRole('textbox', { name: '团队码或邀请链接' }), {
      target: { value: 'AB12CD' },
    });
    await clickButton('加入');
    expect(await screen.findByText('已向「远方团队」提交加入申请，等待团队管理员审批')).toBeTruthy();
    const region = await screen.findByRole('region', { name: '待审批的加入申请' });
    expect(within(region).getByText('已申请加入「远方团队」')).toBeTruthy();
    expect(within(region).getByText('待审批')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/selectTeam');
    expect(readStoredUser()?.lastTeam).toBeNull();
  });
});
