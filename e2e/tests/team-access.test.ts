/**
 * Who gets into a team, in the browser: the owner resets the team code (the old one then finds no
 * team), turns on 加入需审批; a newcomer's join by the new code waits as 待审批 on /selectTeam until
 * the owner approves it in the team centre. A link the owner revokes stops working for anyone.
 */
import type { UserInfo } from '@studio/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { uniquePhone } from '../support/browser.ts';
import { apiSignUp } from '../support/session.ts';
import { accountWithTeam } from '../support/store-api.ts';
import { accountTabs } from '../support/account-tabs.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const { pageAs } = accountTabs();

const nickOf = (user: UserInfo) => user.nickName;

describe('team access: reset code, join with approval, revoked link', () => {
  const teamName = `门禁团队${Date.now() % 100_000}`;
  let owner: UserInfo;
  let a: Page;
  let oldCode: string;
  let newCode: string;
  let b: Page;
  let newcomer: UserInfo;

  it('the owner resets the team code after confirming and turns on 加入需审批', async () => {
    owner = await accountWithTeam(baseUrl, logFile, teamName);
    oldCode = owner.lastTeam!.teamCode;
    a = await pageAs(owner);
    await a.goto(`${baseUrl}/personal/team`);
    await a.getByRole('tab', { name: '团队码' }).click();
    const panel = a.getByRole('tabpanel', { name: '团队码' });
    // The code is shown as code (a <code> element) beside its copy button.
    const code = panel.locator('code');
    const shown = async () => /[A-Z0-9]{6}/.exec((await code.textContent()) ?? '')?.[0];
    await expect.poll(shown).toBe(oldCode);
    await panel.getByRole('button', { name: '重置团队码' }).click();
    await a.getByRole('tooltip').getByRole('button', { name: '重置团队码' }).click();
    await a.getByText('团队码已重置，旧团队码不能再使用').waitFor();
    await expect.poll(shown).not.toBe(oldCode);
    newCode = (await shown())!;
    expect(newCode).toMatch(/^[A-Z2-9]{6}$/);

    await panel.getByRole('switch', { name: '加入需审批' }).click();
    await a.getByText('已开启加入审批：用团队码加入需所有者或管理员同意').waitFor();
    await a.getByRole('heading', { name: '加入申请' }).waitFor();
  });

  it('a newcomer: the old code finds no team; the new one makes a request shown as 待审批', async () => {
    newcomer = await apiSignUp(baseUrl, logFile, uniquePhone());
    b = await pageAs(newcomer);
    await b.goto(`${baseUrl}/selectTeam`);
    const box = b.getByRole('textbox', { name: '团队码或邀请链接', exact: true });
    await box.fill(oldCode);
    await b.getByRole('button', { name: '加入', exact: true }).click();
    await b.getByText('团队不存在').waitFor();
    await box.fill(newCode);
    await b.getByRole('button', { name: '加入', exact: true }).click();
    await b.getByText(`已向「${teamName}」提交加入申请，等待团队管理员审批`).waitFor();
    const pending = b.getByRole('region', { name: '待审批的加入申请' });
    await pending.getByText(`已申请加入「${teamName}」`).waitFor();
    await pending.getByText('待审批', { exact: true }).waitFor();
    expect(b.url()).toContain('/selectTeam');
  });

  it('the owner approves it in the team centre; the newcomer then has the team', async () => {
    await a.reload();
    const requests = a.getByRole('list', { name: '加入申请' });
    await requests.getByText(nickOf(newcomer)).waitFor();
    await requests.getByRole('button', { name: `同意 ${nickOf(newcomer)} 加入` }).click();
    await a.getByText(`已同意 ${nickOf(newcomer)} 加入团队`).waitFor();
    await a.getByText('没有待审批的加入申请').waitFor();

    await b.reload();
    await b.getByRole('list', { name: '选择团队' }).getByText(teamName).waitFor();
    await expect.poll(() => b.getByRole('region', { name: '待审批的加入申请' }).count()).toBe(0);
  });

  it('a link made with the defaults (one use, 24 hours) is revoked and then refused', async () => {
    await a.getByRole('tab', { name: '邀请链接' }).click();
    const panel = a.getByRole('tabpanel', { name: '邀请链接' });
    await panel.getByRole('button', { name: '生成邀请链接' }).click();
    const url = await panel.getByRole('textbox', { name: '邀请链接', exact: true }).inputValue();
    await panel.getByText('最多可使用 1 次', { exact: false }).waitFor();
    const links = panel.getByRole('list', { name: '已生成的邀请链接' });
    await links.getByText('可使用').waitFor();
    await links.getByRole('button', { name: '撤销链接 1' }).click();
    await a.getByRole('tooltip').getByRole('button').last().click();
    await a.getByText('邀请链接已撤销').waitFor();
    await links.getByText('已撤销').waitFor();

    const stranger = await pageAs(await apiSignUp(baseUrl, logFile, uniquePhone()));
    await stranger.goto(url);
    await stranger.getByText('这个邀请链接无效，请向对方要一个新的链接。').waitFor();
  });
});
