/** The phone's tab bar: the app's main places, 我的学习 among them, the current one marked. */
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n/index.ts';
import { PhoneTabBar } from './phone-tab-bar.tsx';

const at = (path: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '*', element: <PhoneTabBar /> }], { initialEntries: [path] })}
    />,
  );

describe('the phone tab bar', () => {
  it('links 首页, 我的学习, 商城 and 个人中心, and marks where the user is', () => {
    at('/learn/course/3');
    const bar = screen.getByRole('navigation', { name: '底部导航' });
    const links = within(bar).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['首页', '/author'],
      ['我的学习', '/learn'],
      ['商城', '/store/list'],
      ['个人中心', '/personal'],
    ]);
    expect(within(bar).getByRole('link', { name: '我的学习' }).className).toContain('is-active');
    expect(within(bar).getByRole('link', { name: '商城' }).className).not.toContain('is-active');
  });
});
