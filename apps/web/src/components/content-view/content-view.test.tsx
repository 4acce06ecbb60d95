import type { DocNode } from '@studio/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n/index.ts';
import { ContentView } from './content-view.tsx';

const lesson = (...content: DocNode[]): DocNode => ({ type: 'doc', content });
const code = (language: string, text: string): DocNode => ({
  type: 'codeBlock',
  attrs: { language },
  content: [{ type: 'text', text }],
});

describe('ContentView', () => {
  it('shows code at once, then coloured once the highlighter has loaded', async () => {
    const { container } = render(<ContentView doc={lesson(code('javascript', 'const answer = 42;'))} />);
    expect(container.querySelector('pre code')?.textContent).toBe('const answer = 42;');
    expect((await screen.findByText('const')).className).toBe('hljs-keyword');
    expect(container.querySelector('.hljs-number')?.textContent).toBe('42');
  });

  it('colours a second lesson with code from its first render, the highlighter being loaded', async () => {
    // A first lesson with code loads it (whichever test runs first).
    const first = render(<ContentView doc={lesson(code('javascript', 'const answer = 42;'))} />);
    await screen.findByText('const');
    first.unmount();
    const { container } = render(<ContentView doc={lesson(code('python', 'pass'))} />);
    expect(container.querySelector('.hljs-keyword')?.textContent).toBe('pass');
  });
});
