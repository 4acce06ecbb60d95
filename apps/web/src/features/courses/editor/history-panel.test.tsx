import type { DocNode } from '@studio/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../../test/test-providers.tsx';
import '../../../lib/i18n/index.ts';
import { DocDiffView } from './history-panel.tsx';

const doc = (...paragraphs: string[]): DocNode => ({
  type: 'doc',
  content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

describe('DocDiffView', () => {
  it('shows added and removed blocks and the changed words of a block', () => {
    const { container } = render(
      <TestProviders>
        <DocDiffView
          from={doc('保留', '今天学习变量', '旧段落')}
          to={doc('保留', '今天学习函数', '新段落', '末尾')}
        />
      </TestProviders>,
    );
    expect([...container.querySelectorAll('ins')].map((e) => e.textContent)).toEqual(['函数', '新', '末尾']);
    expect([...container.querySelectorAll('del')].map((e) => e.textContent)).toEqual(['变量', '旧']);
    expect(screen.getByText('保留')).toBeTruthy();
  });

  it('says when nothing differs', () => {
    render(
      <TestProviders>
        <DocDiffView from={doc('一样')} to={doc('一样')} />
      </TestProviders>,
    );
    expect(screen.getByText('与当前内容相同')).toBeTruthy();
  });
});
