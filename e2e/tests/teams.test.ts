/**
 * Team journeys with several people at once, each in their own browser context, against the built app
 * on the real server: invite by link through login, roles, ownership, leaving, removal, and an
 * invitation by search that the invited person accepts.
 */
import { USER_INFO_STORAGE_KEY, type UserInfo } from '@studio/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, uniquePhone } from '../support/browser.ts';
import { smsCodeFromLog } from '../support/server.ts';
import { apiSignUp, useSession } from '../support/session.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser.close();
});

async function newPerson(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 860 } });
  contexts.push(context);
  return { context, page: await context.newPage() };
}

/** What the members table shows of a phone: 138****0000. */
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
const nickOf = (phone: string) => `用户${phone.slice(-4)}`;

/** Signs up (or in) with an SMS code on the login page the browser is on. */
async function smsLoginInBrowser(page: Page, phone: string) {
  const panel = page.getByRole('tabpanel', { name: '验证码登录' });
  await panel.getByRole('textbox', { name: '手机号', exact: true }).fill(phone);
  await panel.getByRole('button', { name: '获取验证码' }).click();
  await panel
    .getByRole('textbox', { name: '验证码', exact: true })
    .fill(await smsCodeFromLog(logFile, phone));
  await panel.getByRole('button', { name: '登录', exact: true }).click();
}

const storedUser = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(window.localStorage.getItem(key) ?? 'null') as UserInfo | null,
    USER_INFO_STORAGE_KEY,
  );

const memberRow = (page: Page, phone: string) => page.getByRole('row').filter({ hasText: masked(phone) });
const header = (page: Page) => page.getByRole('banner');

describe('teams, with several people', () => {
  const teamName = `E2E团队${Date.now() % 100_000}`;
  const phoneA = uniquePhone();
  const phoneB = uniquePhone();
  const phoneC = uniquePhone();
  let a: Page;
  let b: Page;

  it('A signs up and creates a team with an invite link; B opens it logged out, signs up and joins', async () => {
    ({ page: a } = await newPerson());
    await a.goto(`${baseUrl}/login`);
    await smsLoginInBrowser(a, phoneA);
    await a.waitForURL('**/selectTeam');
    await a.getByRole('button', { name: '创建团队' }).first().click();
    await a.waitForURL('**/creatTeam');
    await a.getByLabel('团队名称', { exact: true }).fill(teamName);
    await a.getByRole('button', { name: '创建团队', exact: true }).click();
    await a.waitForURL('**/author');
    await header(a).getByText(teamName).first().waitFor();
    // A just signed up: welcomed as new, not back.
    await a.getByRole('heading', { name: `欢迎加入，${nickOf(phoneA)}` }).waitFor();

    await a.goto(`${baseUrl}/personal/team`);
    const linkPanel = a.getByRole('tabpanel', { name: '邀请链接' });
    await linkPanel.getByRole('button', { name: '生成邀请链接' }).click();
    const urlBox = linkPanel.getByRole('textbox', { name: '邀请链接', exact: true });
    await urlBox.waitFor();
    const url = await urlBox.inputValue();
    expect(url).toMatch(/\/selectTeam\?invite=[\w-]+$/);

    ({ page: b } = await newPerson());
    await b.goto(url);
    await b.waitForURL(/\/login\?redirect=/);
    await smsLoginInBrowser(b, phoneB);
    await b.waitForURL(/\/selectTeam\?invite=/);
    await b.getByText('你收到了一个团队邀请').waitFor();
    // The invitation names the team, the role and who made the link.
    await b.getByText(`「${teamName}」邀请你以成员身份加入`).waitFor();
    await b.getByText(`邀请人：${nickOf(phoneA)}`, { exact: false }).waitFor();
    await b.getByRole('button', { name: '加入团队' }).click();
    await b.waitForURL('**/author');
    await header(b).getByText(teamName).first().waitFor();
    expect((await storedUser(b))?.lastTeam).toMatchObject({ teamName, userTeamRole: 'MEMBER' });
  });

  it('A makes B an admin, hands ownership to B (becoming admin), then leaves', async () => {
    await a.reload();
    const rowB = memberRow(a, phoneB);
    await rowB.getByRole('button', { name: '设为管理员' }).click();
    await rowB.getByRole('button', { name: '设为成员' }).waitFor();
    await expect.poll(() => rowB.getByText('管理员', { exact: true }).count()).toBe(1);

    await rowB.getByRole('button', { name: '转让所有权' }).click();
    await a.getByText('转让后对方成为所有者，你将成为管理员，不能自行撤回。').waitFor();
    await a.getByRole('button', { name: '确认转让' }).click();
    await rowB.getByText('所有者', { exact: true }).waitFor();
    await memberRow(a, phoneA).getByText('管理员', { exact: true }).waitFor();
    expect((await storedUser(a))?.lastTeam?.userTeamRole).toBe('ADMIN');

    await a.getByRole('button', { name: '退出团队', exact: true }).click();
    await a.getByRole('button', { name: '确认退出' }).click();
    await a.waitForURL('**/selectTeam');
    await a.getByText('你还没有加入任何团队').waitFor();
    expect((await storedUser(a))?.lastTeam).toBeNull();
  });

  it('B removes C while C has the app open; C lands on /selectTeam told why; B invites C back, C accepts', async () => {
    const { context, page: c } = await newPerson();
    await useSession(context, await apiSignUp(baseUrl, logFile, phoneC));
    const teamCode = (await storedUser(b))?.lastTeam?.teamCode ?? '';
    expect(teamCode).toMatch(/^[A-Z0-9]{6}$/);
    await c.goto(`${baseUrl}/selectTeam`);
    await c.getByRole('textbox', { name: '团队码或邀请链接', exact: true }).fill(teamCode);
    await c.getByRole('button', { name: '加入', exact: true }).click();
    await c.waitForURL('**/author');
    await header(c).getByText(teamName).first().waitFor();

    await b.goto(`${baseUrl}/personal/team`);
    const rowC = memberRow(b, phoneC);
    await rowC.getByRole('button', { name: '移除' }).click();
    await b.getByRole('button', { name: '确认移除' }).click();
    await expect.poll(() => rowC.count()).toBe(0);

    // C still shows the team; the next step asks the server, which answers 541.
    await header(c)
      .getByRole('button', { name: /切换团队/ })
      .click();
    await c.getByRole('menuitem', { name: '团队中心' }).click();
    await c.waitForURL('**/selectTeam');
    await header(c).getByText('未选择团队').waitFor();
    await c
      .getByRole('alert')
      .filter({ hasText: `你已被移出团队「${teamName}」` })
      .waitFor();
    await c.reload();
    await c.getByText('你还没有加入任何团队').waitFor();
    await c.getByText(`你已被移出团队「${teamName}」`).waitFor();

    // B invites C back by the whole phone number: an invitation, not a membership.
    await b.getByRole('tab', { name: '添加成员' }).click();
    const addPanel = b.getByRole('tabpanel', { name: '添加成员' });
    await addPanel.getByPlaceholder('完整的 11 位手机号或完整昵称').fill(phoneC);
    await addPanel.getByRole('button', { name: '搜索', exact: true }).click();
    await addPanel.getByRole('button', { name: `邀请 ${nickOf(phoneC)}` }).click();
    await b.getByText(`已向 ${nickOf(phoneC)} 发送邀请，对方接受后加入团队`).waitFor();
    await addPanel.getByRole('button', { name: `撤回对 ${nickOf(phoneC)} 的邀请` }).waitFor();
    expect(await memberRow(b, phoneC).count()).toBe(0);

    // C sees it in the header and on /selectTeam, with the team, the role and who invited.
    await c.reload();
    const badge = header(c).getByRole('link', { name: '团队邀请（1）' });
    await badge.click();
    const invitations = c.getByRole('region', { name: '待处理的团队邀请' });
    await invitations.getByText(`「${teamName}」邀请你以成员身份加入`).waitFor();
    await invitations.getByText(`${nickOf(phoneB)} 邀请`, { exact: false }).waitFor();
    await invitations.getByRole('button', { name: `接受「${teamName}」的邀请` }).click();
    await c.waitForURL('**/author');
    await header(c).getByText(teamName).first().waitFor();
    expect(
      await header(c)
        .getByRole('link', { name: /团队邀请/ })
        .count(),
    ).toBe(0);

    await b.reload();
    await memberRow(b, phoneC).waitFor();
  });
});
