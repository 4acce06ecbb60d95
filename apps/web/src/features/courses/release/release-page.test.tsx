/**
 * The release page asks for a release's two texts: the public 更新说明 (buyers, learners) and the
 * team's 内部备注 (version history only). A rollback writes no public line unless the author writes one.
 */
import { Routes, type CourseDetail, type Release } from '@studio/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { writeStoredUser } from '../../../lib/storage.ts';
import { courseDetail, user } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const mock = new MockAdapter(http);
const ok = (data: unknown): [number, unknown] => [200, { code: 200, msg: 'ok', data }];

const course: CourseDetail = courseDetail({
  title: '发布测试课程',
  summary: '简介',
  cover: '/api/files/cover/a.png',
  category: 'tech',
  price: 1000,
  status: 'released',
  version: 3,
  releasedVersion: 2,
  lessonCount: 1,
});
const release = (over: Partial<Release>): Release => ({
  releaseId: 1,
  versionNo: 1,
  notes: '',
  changelog: '',
  price: 1000,
  lessonCount: 1,
  releasedBy: '小明',
  createTime: 1_700_000_000_000,
  ...over,
});
const releases = [
  release({ releaseId: 2, versionNo: 2, changelog: '补充第二课', notes: '涨价并补充第二课' }),
  release({ releaseId: 1, versionNo: 1, changelog: '首发' }),
];

/**
 * The confirm dialog with this title. Found by its title's text: jsdom gives every antd dialog the
 * same `aria-labelledby` id, so its accessible name is not its title here.
 */
const dialog = (title: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].find((el) =>
      el.textContent?.includes(title),
    );
    if (!found) throw new Error(`no dialog ${title}`);
    return found;
  });

const posted = (url: string) =>
  mock.history.post.filter((r) => r.url === url).map((r) => JSON.parse(String(r.data)) as unknown);

beforeEach(() => {
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
  mock.onGet(Routes.course.detail).reply(...ok(course));
  mock.onGet(Routes.course.releaseCheck).reply(...ok({ ready: true, items: [], warnings: [] }));
  mock.onGet(Routes.course.releaseList).reply(...ok({ list: releases }));
  mock.onGet(Routes.course.releaseDiff).reply(...ok({ changed: false, fields: [], lessons: [] }));
  mock.onGet(Routes.share.list).reply(...ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }));
  mock.onPost(Routes.course.release).reply(...ok(release({ releaseId: 3, versionNo: 3 })));
  mock.onPost(Routes.course.releaseRollback).reply(...ok(release({ releaseId: 3, versionNo: 3 })));
  writeStoredUser(user());
  useSession.setState({ status: 'ready', user: user() });
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

describe('release page: public changelog and internal note', () => {
  it('publishes with both texts, and the version history shows which is which', async () => {
    renderApp('/create/course/5/release');
    const changelog = await screen.findByRole('textbox', { name: '更新说明' });
    expect(screen.getByText('买家可见：显示在购买页的更新日志和学员的课程里，可不填。')).toBeTruthy();
    expect(screen.getByText('仅团队可见：只显示在版本记录里，买家看不到。')).toBeTruthy();
    fireEvent.change(changelog, { target: { value: '  新增练习题 ' } });
    fireEvent.change(screen.getByRole('textbox', { name: '内部备注' }), { target: { value: '下周涨价' } });
    fireEvent.click(screen.getByRole('button', { name: /发布新版本/ }));
    fireEvent.click(await screen.findByRole('button', { name: '确认发布' }));
    await waitFor(() =>
      expect(posted(Routes.course.release)).toEqual([
        { courseId: 5, changelog: '新增练习题', notes: '下周涨价' },
      ]),
    );

    const v2 = document.querySelector<HTMLElement>('[data-version="2"]')!;
    expect(within(v2).getByText('补充第二课').closest('div')!.textContent).toContain('更新说明');
    expect(within(v2).getByText('涨价并补充第二课').closest('div')!.textContent).toContain('内部备注');
  });

  it('rolls back with no public line unless the author writes one', async () => {
    renderApp('/create/course/5/release');
    // Only v1 (not the store's v2) offers a rollback.
    fireEvent.click(await screen.findByRole('button', { name: '回滚到此版本' }));
    const confirm = await dialog('把 v1 重新发布为新版本？');
    expect(within(confirm).getByText('买家可见。不填时，买家的更新日志里不会出现这次回滚。')).toBeTruthy();
    expect(
      within(confirm).getByRole<HTMLTextAreaElement>('textbox', { name: '内部备注', hidden: true }).value,
    ).toBe('回滚到 v1');
    expect(
      within(confirm).getByRole<HTMLTextAreaElement>('textbox', { name: '更新说明', hidden: true }).value,
    ).toBe('');
    fireEvent.click(within(confirm).getByRole('button', { name: '回滚到此版本', hidden: true }));
    await waitFor(() =>
      expect(posted(Routes.course.releaseRollback)).toEqual([
        { courseId: 5, releaseId: 1, changelog: '', notes: '回滚到 v1' },
      ]),
    );
    await screen.findByText('已把 v1 重新发布为 v3');

    // The author may write a public line for it.
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: '回滚到此版本' }));
    const again = await dialog('把 v1 重新发布为新版本？');
    fireEvent.change(within(again).getByRole('textbox', { name: '更新说明', hidden: true }), {
      target: { value: '恢复为第一版的内容' },
    });
    fireEvent.click(within(again).getByRole('button', { name: '回滚到此版本', hidden: true }));
    await waitFor(() =>
      expect(posted(Routes.course.releaseRollback)[1]).toEqual({
        courseId: 5,
        releaseId: 1,
        changelog: '恢复为第一版的内容',
        notes: '回滚到 v1',
      }),
    );
  });
});
