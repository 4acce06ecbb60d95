/**
 * 「AI 助手」's menu says what each action would cost before it runs (the server's estimate for the text
 * the action would be sent, through the same ai-estimate.tsx as the create page), and says the budget
 * is used up (50060) in the menu, its actions disabled, rather than failing after the click.
 */
import { Code, Routes, type AiEstimate } from '@studio/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { EditorContent, useEditor } from '@tiptap/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/index.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { TestProviders } from '../../../test/test-providers.tsx';
import { aiKeys } from '../../ai/ai-api.ts';
import { AssistMenu } from './assist-menu.tsx';
import { editorExtensions } from './editor-extensions.ts';
import { useAiAssist } from './use-ai-assist.ts';

const mock = new MockAdapter(http);
beforeEach(() => {
  queryClient.setQueryData(aiKeys.generator, { kind: 'ai', label: 'deepseek' });
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const estimate = (over: Partial<AiEstimate> = {}): AiEstimate => ({
  generator: 'ai',
  inputTokens: 300,
  outputTokens: 300,
  totalTokens: 600,
  costFen: 1,
  budget: { month: '2026-11', limit: 100_000, used: 10_000, left: 90_000 },
  allowed: true,
  ...over,
});

const Harness = () => {
  const editor = useEditor({
    extensions: editorExtensions(''),
    content: {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: '一段正文。' }] }],
    },
  });
  const assist = useAiAssist(editor, true);
  return (
    <>
      <AssistMenu assist={assist} />
      <EditorContent editor={editor} />
    </>
  );
};

const openMenu = async () => {
  render(
    <TestProviders>
      <Harness />
    </TestProviders>,
  );
  fireEvent.click(await screen.findByRole('button', { name: /AI 助手|AI assist/ }));
};

describe('the assist menu', () => {
  it('shows each action’s estimate for the text it would be sent, before it runs', async () => {
    const asked: unknown[] = [];
    mock.onPost(Routes.ai.estimate).reply((config) => {
      const body = JSON.parse(config.data as string) as { action: string };
      asked.push(body);
      const big = body.action === 'rewrite';
      return [
        200,
        {
          code: Code.OK,
          msg: 'ok',
          data: estimate(big ? { totalTokens: 1_230, costFen: 205 } : { costFen: null }),
        },
      ];
    });
    const fetch = vi.fn<typeof globalThis.fetch>();
    vi.stubGlobal('fetch', fetch);
    await openMenu();
    await screen.findByText('预计约 1.2 千 tokens，约 ¥2.05');
    // The others: no price configured, tokens only.
    await waitFor(() => expect(screen.getAllByText('预计约 0.6 千 tokens')).toHaveLength(3));
    expect(asked).toContainEqual({ kind: 'assist', action: 'rewrite', text: '一段正文。' });
    expect(asked).toContainEqual({ kind: 'assist', action: 'quiz', text: '一段正文。' });
    // Nothing ran: an estimate is only asked.
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says so in English for an English reader', async () => {
    mock.onPost(Routes.ai.estimate).reply(200, {
      code: Code.OK,
      msg: 'ok',
      data: estimate({ totalTokens: 1_230, costFen: 205 }),
    });
    await act(() => i18n.changeLanguage('en-US'));
    try {
      await openMenu();
      await waitFor(() => expect(screen.getAllByText('About 1.2k tokens, about ¥2.05')).toHaveLength(4));
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });

  it('says the month’s budget is used up in the menu, and its actions do not run', async () => {
    mock.onPost(Routes.ai.estimate).reply(200, {
      code: Code.OK,
      msg: 'ok',
      data: estimate({
        allowed: false,
        budget: { month: '2026-11', limit: 100_000, used: 100_000, left: 0 },
      }),
    });
    const fetch = vi.fn<typeof globalThis.fetch>();
    vi.stubGlobal('fetch', fetch);
    await openMenu();
    await screen.findByText(/本团队本月的 AI 用量（100000 tokens）已用完/);
    const rewrite = screen.getByRole('menuitem', { name: /改写/ });
    expect(rewrite.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(rewrite);
    expect(fetch).not.toHaveBeenCalled();
  });
});
