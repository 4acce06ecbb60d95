/**
 * 团队中心's AI 用量: this month against the budget (a bar and what is left), the months before, and
 * for OWNER/ADMIN (the server sends `members`) who used what in a chosen month; a MEMBER sees no names.
 */
import { Code, Routes, type AiUsage } from '@studio/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../lib/i18n/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { TestProviders } from '../../../test/test-providers.tsx';
import { AiUsageCard, budgetPercent } from './ai-usage-card.tsx';

const mock = new MockAdapter(http);
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

const usage = (over: Partial<AiUsage> = {}): AiUsage => ({
  budget: { month: '2026-11', limit: 100_000, used: 25_000, left: 75_000 },
  months: [
    { month: '2026-11', inputTokens: 5_000, outputTokens: 20_000, totalTokens: 25_000 },
    { month: '2026-10', inputTokens: 1_000, outputTokens: 2_000, totalTokens: 3_000 },
  ],
  month: '2026-11',
  members: [{ userId: 7, name: '小王', inputTokens: 5_000, outputTokens: 20_000, totalTokens: 25_000 }],
  ...over,
});

const renderCard = () =>
  render(
    <TestProviders>
      <AiUsageCard teamId={1} />
    </TestProviders>,
  );

describe("the team centre's AI use", () => {
  it('shows the budget, the months and, for a manager, each member in a chosen month', async () => {
    const asked: unknown[] = [];
    mock.onGet(Routes.ai.usage).reply((config) => {
      const params = config.params as { month?: string };
      asked.push(params.month);
      return [
        200,
        {
          code: Code.OK,
          msg: 'ok',
          data:
            params.month === '2026-10'
              ? usage({
                  month: '2026-10',
                  members: [
                    { userId: 8, name: '小李', inputTokens: 1_000, outputTokens: 2_000, totalTokens: 3_000 },
                  ],
                })
              : usage(),
        },
      ];
    });
    renderCard();
    await screen.findByText('本月已用 25,000 / 100,000 tokens，剩余 75,000');
    expect(screen.getByRole('progressbar', { name: 'AI 用量' }).getAttribute('aria-valuenow')).toBe('25');
    const byMonth = screen.getByRole('table', { name: '按月' });
    expect(within(byMonth).getByText('2026-10')).toBeTruthy();
    expect(within(byMonth).getByText('3,000')).toBeTruthy();
    expect(screen.getByText('小王')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '月份' }));
    fireEvent.click(await screen.findByTitle('2026-10'));
    await screen.findByText('小李');
    expect(asked).toEqual([undefined, '2026-10']);
  });

  it('shows no member names to a MEMBER, and no bar without a limit', async () => {
    mock.onGet(Routes.ai.usage).reply(200, {
      code: Code.OK,
      msg: 'ok',
      data: usage({ members: null, budget: { month: '2026-11', limit: null, used: 25_000, left: null } }),
    });
    renderCard();
    await screen.findByText('本月已用 25,000 tokens（不限额度）');
    expect(screen.queryByText('小王')).toBeNull();
    expect(screen.queryByText('按成员')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('counts the bar in whole percent, never past 100', () => {
    expect(budgetPercent(999, 1000)).toBe(99);
    expect(budgetPercent(1200, 1000)).toBe(100);
  });
});
