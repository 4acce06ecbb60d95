import { Code, Routes, type MemberAbilities, type TeamRole, type TeamUser } from '@studio/contract';
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
const NONE: MemberAbilities = { remove: false, changeRole: false, transferOwner: false };
const ALL: MemberAbilities = { remove: true, changeRole: true, transferOwner: true };
const person = (
  userId: number,
  nickName: string,
  userTeamRole: TeamRole,
  abilities: MemberAbilities = NONE,
): TeamUser => ({
  userId,
  nickName,
  userTeamRole,
  headImage: '',
  phone: `138****000${userId}`,
  joinTime: 1_700_000_000_000,
  abilities,
});

/** The rows' abilities as the server's policy gives them to a viewer with each role (user 1). */
const ROWS: Record<TeamRole, { hong: MemberAbilities; gang: MemberAbilities }> = {
  OWNER: { hong: ALL, gang: ALL },
  ADMIN: { hong: NONE, gang: { ...NONE, remove: true } },
  MEMBER: { hong: NONE, gang: NONE },
};

/** The current team as the server answers it now (a test may change it, e.g. after a transfer). */
let serverTeam = team();

/** The server as the team centre sees it, for a viewer with `role` (user 1) in team 7. */
const serve = (
  role: TeamRole,
  over: { teamExpire?: boolean } = {},
  rows: { hong: MemberAbilities; gang: MemberAbilities } = ROWS[role],
) => {
  const lastTeam = team({ userTeamRole: role, expireDate: 1_700_000_000_000, ...over });
  serverTeam = lastTeam;
  writeStoredUser(user({ lastTeam }));
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
  mock.onGet(Routes.team.currentList).reply(() =>
    ok({
      ...serverTeam,
      ownerId: 1,
      memberCount: 3,
      createTime: 1_700_000_000_000,
      codeEnabled: true,
      joinApproval: false,
    }),
  );
  const list = [
    person(1, '小明', role),
    person(2, '小红', 'ADMIN', rows.hong),
    person(3, '小刚', 'MEMBER', rows.gang),
  ];
  mock.onGet(Routes.team.userList).reply(...ok({ list, total: 3, pageNum: 1, pageSize: 10 }));
};

const row = async (name: string) => within((await screen.findByText(name)).closest('tr') as HTMLElement);
/** Buttons by their text: role queries over antd's table are slow in jsdom. */
type Scope = Pick<typeof screen, 'queryByText'>;
const button = (name: string, scope: Scope = screen) =>
  (scope.queryByText(name, { selector: 'button span' })?.closest('button') ??
    null) as HTMLButtonElement | null;
const findButton = async (name: string) => {
  await screen.findByText(name, { selector: 'button span' });
  return button(name) as HTMLButtonElement;
};

beforeEach(() => useSession.setState({ status: 'ready', user: null }));
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

describe('/personal/team (团队中心)', () => {
  it('OWNER: team code, members with role actions, invite panel, leaving blocked until transfer', async () => {
    serve('OWNER');
    renderApp('/personal/team');
    expect((await screen.findAllByText('ABC123')).length).toBeGreaterThan(0);
    expect(screen.getAllByLabelText('复制团队码').length).toBeGreaterThan(0);
    expect(screen.getByText('邀请成员')).toBeTruthy();
    const hong = await row('小红');
    expect(button('设为成员', hong)).toBeTruthy();
    expect(button('转让所有权', hong)).toBeTruthy();
    expect(button('设为管理员', await row('小刚'))).toBeTruthy();
    expect((await row('小明')).queryByText('—')).toBeTruthy();
    expect(screen.getByText(/需要先把所有权转让给其他成员/)).toBeTruthy();
    expect(button('退出团队')?.disabled).toBe(true);
  });

  it('OWNER creates a coupon: the form sends the terms in fen and whole days, the list shows it', async () => {
    serve('OWNER');
    let list: unknown[] = [];
    mock.onGet(Routes.coupon.list).reply(() => ok({ list }));
    mock.onGet(Routes.course.list).reply(...ok({ list: [], total: 0, pageNum: 1, pageSize: 100 }));
    mock.onPost(Routes.coupon.create).reply((config) => {
      const body = JSON.parse(String(config.data)) as Record<string, number | string | null>;
      list = [{ ...body, couponId: 1, used: 0, disabled: false, createTime: 0 }];
      return ok(list[0]);
    });
    renderApp('/personal/team');
    expect(await screen.findByText('还没有优惠券')).toBeTruthy();
    fireEvent.click(await findButton('新建优惠券'));
    fireEvent.change(await screen.findByLabelText('优惠码'), { target: { value: 'spring-10' } });
    fireEvent.change(screen.getByLabelText('减多少元'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('适用课程满（元）'), { target: { value: '50' } });
    // antd's date pickers, as a person uses them: open, type the day, press Enter.
    for (const [label, day] of [
      ['有效期 1', '2026-12-01'],
      ['有效期 2', '2026-12-31'],
    ]) {
      const input = screen.getByLabelText(label!);
      fireEvent.mouseDown(input);
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: day } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    }
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '新建优惠券' }));
    await waitFor(() =>
      expect(mock.history.post.filter((r) => r.url === Routes.coupon.create)).toHaveLength(1),
    );
    const sent = JSON.parse(
      String(mock.history.post.find((r) => r.url === Routes.coupon.create)!.data),
    ) as Record<string, unknown>;
    expect(sent).toMatchObject({
      code: 'SPRING-10',
      kind: 'amount',
      value: 1000,
      minOrder: 5000,
      perTeamLimit: 1,
    });
    expect(sent.validTo).toBe(new Date('2027-01-01T00:00:00').getTime());
    expect(sent.validFrom).toBe(new Date('2026-12-01T00:00:00').getTime());
    expect(await screen.findByText('SPRING-10')).toBeTruthy();
    expect(screen.getByText('减 ¥10.00，满 ¥50.00')).toBeTruthy();
  });

  it('ADMIN removes MEMBERs only, never ADMINs, and changes no roles', async () => {
    serve('ADMIN');
    renderApp('/personal/team');
    const gang = await row('小刚');
    expect(button('移除', gang)).toBeTruthy();
    expect(button('设为管理员', gang)).toBeNull();
    expect((await row('小红')).queryByText('—')).toBeTruthy();
  });

  it('MEMBER sees the team and members but no invite panel and no actions column', async () => {
    serve('MEMBER');
    renderApp('/personal/team');
    await row('小红');
    expect(screen.queryByText('邀请成员')).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();
    expect(button('编辑团队')).toBeNull();
    expect((await findButton('退出团队')).disabled).toBe(false);
    expect(button('团队学习报告')).toBeNull();
  });

  it('ADMIN opens the team learning report from the header', async () => {
    serve('ADMIN');
    const router = renderApp('/personal/team');
    fireEvent.click(await findButton('团队学习报告'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learn/report'));
  });

  it('an expired team says so and disables the writes', async () => {
    serve('OWNER', { teamExpire: true });
    renderApp('/personal/team');
    expect(await screen.findByText('团队已过期，只能查看，不能修改')).toBeTruthy();
    expect((await findButton('编辑团队')).disabled).toBe(true);
    expect(button('移除', await row('小刚'))?.disabled).toBe(true);
  });

  it('shows on each row the actions the server allows there, not what the roles would suggest', async () => {
    serve('ADMIN', {}, { hong: { ...NONE, transferOwner: true }, gang: { ...NONE, changeRole: true } });
    renderApp('/personal/team');
    const hong = await row('小红');
    expect(button('转让所有权', hong)).toBeTruthy();
    expect(button('移除', hong)).toBeNull();
    const gang = await row('小刚');
    expect(button('设为管理员', gang)).toBeTruthy();
    expect(button('移除', gang)).toBeNull();
  });

  it('transfer asks first, then the stored role and abilities become what the server says', async () => {
    serve('OWNER');
    mock.onPost(Routes.team.ownerChange).reply(() => {
      serverTeam = team({ userTeamRole: 'ADMIN', expireDate: 1_700_000_000_000 });
      return ok(null);
    });
    renderApp('/personal/team');
    fireEvent.click(button('转让所有权', await row('小红')) as HTMLButtonElement);
    expect(await screen.findByText(/你将成为管理员/)).toBeTruthy();
    fireEvent.click(button('确认转让') as HTMLButtonElement);
    await waitFor(() => expect(readStoredUser()?.lastTeam?.userTeamRole).toBe('ADMIN'));
    expect(readStoredUser()?.lastTeam?.abilities).toMatchObject({ inviteAdmin: false, leave: true });
    expect(JSON.parse(mock.history.post[0]?.data as string)).toEqual({ userId: 2 });
  });

  it('removing asks first and posts the userId', async () => {
    serve('OWNER');
    mock.onPost(Routes.team.userRemove).reply(...ok(null));
    renderApp('/personal/team');
    fireEvent.click(button('移除', await row('小刚')) as HTMLButtonElement);
    fireEvent.click(await findButton('确认移除'));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(mock.history.post[0]?.data as string)).toEqual({ userId: 3 });
    expect(await screen.findByText('已将 小刚 移出团队')).toBeTruthy();
  });

  it('leaving (MEMBER) confirms, forgets the current team and goes to /selectTeam', async () => {
    serve('MEMBER');
    mock.onPost(Routes.team.userLeave).reply(...ok(null));
    const router = renderApp('/personal/team');
    fireEvent.click(await findButton('退出团队'));
    fireEvent.click(await findButton('确认退出'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/selectTeam'));
    expect(JSON.parse(mock.history.post[0]?.data as string)).toEqual({ teamId: 7 });
    expect(readStoredUser()?.lastTeam).toBeNull();
  });

  it('editing (ADMIN) renames the team and the stored lastTeam follows', async () => {
    serve('ADMIN');
    mock.onPost(Routes.team.modify).reply(...ok(team({ teamName: '新名字', userTeamRole: 'ADMIN' })));
    renderApp('/personal/team');
    fireEvent.click(await findButton('编辑团队'));
    const name = await screen.findByDisplayValue('星火课程组');
    fireEvent.change(name, { target: { value: ' 新名字 ' } });
    fireEvent.click(await findButton('保存'));
    await waitFor(() => expect(readStoredUser()?.lastTeam?.teamName).toBe('新名字'));
    expect(JSON.parse(mock.history.post[0]?.data as string)).toEqual({ teamName: '新名字', teamLogo: '' });
    expect(await screen.findByText('团队信息已保存')).toBeTruthy();
  });

  it('adding by search sends an invitation, says so, and lists it as pending with a withdraw', async () => {
    serve('OWNER');
    const found = { userId: 5, nickName: '小李', headImage: '', phone: '139****0005' };
    let pending: unknown[] = [];
    mock.onGet(Routes.team.userSearchNon).reply(...ok({ list: [found] }));
    mock.onGet(Routes.team.invitationTeamList).reply(() => ok({ list: pending }));
    mock.onPost(Routes.team.userInviteJoin).reply(() => {
      pending = [
        { invitationId: 4, ...found, role: 'MEMBER', inviterName: '小明', createTime: 1_700_000_000_000 },
      ];
      return ok({ invitationId: 4 });
    });
    renderApp('/personal/team');
    await screen.findAllByText('ABC123'); // the page and the current team are in
    fireEvent.click(await screen.findByText('添加成员'));
    expect(await screen.findByText('没有待接受的邀请')).toBeTruthy();
    const search = await screen.findByPlaceholderText('完整的 11 位手机号或完整昵称');
    fireEvent.change(search, { target: { value: '小李' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click((await screen.findByLabelText('邀请 小李')) as HTMLButtonElement);
    expect(await screen.findByText('已向 小李 发送邀请，对方接受后加入团队')).toBeTruthy();
    expect(JSON.parse(mock.history.post[0]?.data as string)).toEqual({ userId: 5 });
    expect(await screen.findByLabelText('撤回对 小李 的邀请')).toBeTruthy();
    expect(screen.getByText(/成员 · 小明 邀请于/)).toBeTruthy();
    expect(screen.getByText('已邀请')).toBeTruthy();
  });
});
