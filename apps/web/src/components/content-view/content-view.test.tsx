import type { DocNode } from '@studio/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n/index.ts';
import { ContentView } from './content-view.tsx';

const lesson = (...content: DocNode[]): DocNode => ({ type: 'doc', content });

describe('ContentView', () => {
  it('shows code at once, then coloured once the highlighter has loaded', async () => {
    const { container } = render(
      <ContentView
        doc={lesson({
          type: 'codeBlock',
          attrs: { language: 'javascript' },
          content: [{ type: 'text', text: 'const answer = 42;' }],
        })}
      />,
    );
    expect(container.querySelector('pre code')?.textContent).toBe('const answer = 42;');
    expect((await screen.findByText('const')).className).toBe('hljs-keyword');
    expect(container.querySelector('.hljs-number')?.textContent).toBe('42');
  });

  it('colours a second lesson with code from its first render, the highlighter being loaded', () => {
    const { container } = render(
      <ContentView
        doc={lesson({
          type: 'codeBlock',
          attrs: { language: 'python' },
          content: [{ type: 'text', text: 'pass' }],
        })}
      />,
    );
    expect(container.querySelector('.hljs-keyword')?.textContent).toBe('pass');
  });
});
