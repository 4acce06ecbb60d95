/**
 * 预计用量 in the translate dialog (and the create page, the same note): asked of the server once a
 * target is chosen, said as 约 N 千 tokens and the money when priced; a warning past what the month has
 * left; with the budget used up the refusal is said and the run cannot be confirmed.
 */
import { Code, Routes, type AiBudget, type AiEstimate } from '@studio/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../lib/i18n/index.ts';
import { queryClient } from '../../lib/query-client.ts';
import { http } from '../../lib/request.ts';
import { TestProviders } from '../../test/test-providers.tsx';
import { writeStoredUser } from '../../lib/storage.ts';
import { user } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { useSession } from '../../lib/session-store.ts';
import { thousands } from './ai-estimate.tsx';
import { aiKeys } from './ai-api.ts';
import { TranslateDialog } from './translate-dialog.tsx';

const mock = new MockAdapter(http);
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

const budget = (over: Partial<AiBudget> = {}): AiBudget => ({
  month: '2026-11',
  limit: 100_000,
  used: 10_000,
  left: 90_000,
  ...over,
});
const estimate = (over: Partial<AiEstimate> = {}): AiEstimate => ({
  generator: 'ai',
  inputTokens: 2_000,
  outputTokens: 10_340,
  totalTokens: 12_340,
  costFen: 1_050,
  budget: budget(),
  allowed: true,
  ...over,
});

function renderDialog() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <TranslateDialog courseId={5} languages={['en-US', 'ja-JP']} open onClose={() => {}} />,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

const chooseEnglish = async () => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: '目标语言' }));
  fireEvent.click(await screen.findByText(/\(en-US\)/));
};

describe('the estimate before a run', () => {
  it('says tokens and money for the chosen language, as the server counted them', async () => {
    let asked: unknown;
    mock.onPost(Routes.ai.estimate).reply((config) => {
      asked = JSON.parse(config.data as string);
      return [200, { code: Code.OK, msg: 'ok', data: estimate() }];
    });
    renderDialog();
    await chooseEnglish();
    await screen.findByText('预计约 12.3 千 tokens，约 ¥10.50');
    expect(asked).toEqual({ kind: 'translate', courseId: 5, language: 'en-US' });
    expect((screen.getByRole('button', { name: '开始翻译' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/可能中途用完/)).toBeNull();
  });

  it('warns past what is left this month', async () => {
    mock.onPost(Routes.ai.estimate).replyOnce(200, {
      code: Code.OK,
      msg: 'ok',
      data: estimate({ costFen: null, budget: budget({ left: 500 }) }),
    });
    renderDialog();
    await chooseEnglish();
    await screen.findByText('预计约 12.3 千 tokens');
    screen.getByText('本月只剩 500 tokens，可能中途用完并暂停');
  });

  it('cannot be confirmed while the month’s budget is used up', async () => {
    mock.onPost(Routes.ai.estimate).reply(200, {
      code: Code.OK,
      msg: 'ok',
      data: estimate({ allowed: false, budget: budget({ used: 100_000, left: 0 }) }),
    });
    renderDialog();
    await chooseEnglish();
    await screen.findByText(/本团队本月的 AI 用量（100000 tokens）已用完/);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: '开始翻译' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('on the create page, follows the form: the topic typed is what is estimated', async () => {
    writeStoredUser(user());
    useSession.setState({ status: 'ready', user: user() });
    mock.onGet(Routes.team.changeList).reply(200, { code: Code.OK, msg: 'ok', data: { list: [] } });
    mock
      .onGet(Routes.ai.generator)
      .reply(200, { code: Code.OK, msg: 'ok', data: { kind: 'ai', label: 'deepseek' } });
    const asked: unknown[] = [];
    mock.onPost(Routes.ai.estimate).reply((config) => {
      asked.push(JSON.parse(config.data as string));
      return [200, { code: Code.OK, msg: 'ok', data: estimate({ totalTokens: 4_560, costFen: 3 }) }];
    });
    renderApp('/ai/create');
    const topic = await screen.findByRole('textbox', { name: '课程主题' });
    fireEvent.change(topic, { target: { value: '数据分析入门' } });
    await screen.findByText('预计约 4.6 千 tokens，约 ¥0.03');
    expect(asked.at(-1)).toMatchObject({ kind: 'create', topic: '数据分析入门', lessonCount: 5 });
  });

  it('keeps the estimate’s room from the moment a target is chosen, so the button below stays put', async () => {
    mock
      .onGet(Routes.ai.generator)
      .reply(200, { code: Code.OK, msg: 'ok', data: { kind: 'ai', label: 'x' } });
    mock.onPost(Routes.ai.estimate).reply(200, { code: Code.OK, msg: 'ok', data: estimate() });
    renderDialog();
    expect(screen.queryByTestId('ai-estimate-slot')).toBeNull();
    await chooseEnglish();
    // The room is there in the same render as the choice, before the estimate is asked for.
    expect(screen.getByTestId('ai-estimate-slot').textContent).toBe('');
    await screen.findByText('预计约 12.3 千 tokens，约 ¥10.50');
    expect(screen.getByTestId('ai-estimate-slot').textContent).toContain('预计约 12.3 千 tokens');
  });

  it('keeps no room for the built-in template, which uses no tokens', async () => {
    mock
      .onGet(Routes.ai.generator)
      .reply(200, { code: Code.OK, msg: 'ok', data: { kind: 'template', label: '' } });
    renderDialog();
    await waitFor(() => expect(queryClient.getQueryData(aiKeys.generator)).toBeTruthy());
    await chooseEnglish();
    expect(screen.queryByTestId('ai-estimate-slot')).toBeNull();
  });

  it('rounds to thousands with one decimal, never to nothing', () => {
    expect(thousands(12_340)).toBe(12.3);
    expect(thousands(40)).toBe(0.1);
    expect(thousands(1_000_000)).toBe(1000);
  });
});
