import { Editor } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { highlightCode } from '../../../components/content-view/code-highlight.ts';
import { renderDocHtml } from '../../../components/content-view/render-html.ts';
import { editorExtensions } from './editor-extensions.ts';

/** Each run of code text with the highlight.js classes around it (nested spans or one flat span). */
const tokens = (root: Element): [string, string][] => {
  const out: [string, string][] = [];
  const code = root.querySelector('pre code')!;
  const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const classes: string[] = [];
    for (let el = node.parentElement; el && el !== code; el = el.parentElement) {
      classes.unshift(...el.classList);
    }
    const key = classes.join(' ');
    const last = out.at(-1);
    if (last && last[0] === key) last[1] += node.textContent ?? '';
    else out.push([key, node.textContent ?? '']);
  }
  return out;
};

describe('code blocks in the editor', () => {
  it('highlight their language, keep the same JSON as the shared schema and colour as the readers do', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'codeBlock',
          attrs: { language: 'python' },
          content: [{ type: 'text', text: 'def add(a, b):\n    return a + b  # sum' }],
        },
      ],
    };
    const element = document.createElement('div');
    const editor = new Editor({ element, extensions: editorExtensions(''), content: doc });
    try {
      expect(element.querySelector('pre code.language-python')).not.toBeNull();
      expect(element.querySelector('.hljs-keyword')?.textContent).toBe('def');
      expect(element.querySelector('.hljs-comment')?.textContent).toBe('# sum');
      expect(editor.getJSON()).toEqual(doc);
      // The readers colour the same code the same way (the same highlighter and choice of grammar).
      const reader = document.createElement('div');
      reader.innerHTML = renderDocHtml(doc, { highlight: highlightCode });
      expect(tokens(reader)).toEqual(tokens(element));
      expect(tokens(reader).length).toBeGreaterThan(4);
    } finally {
      editor.destroy();
    }
  });

  it('leave a block without a language plain, not guessed at', () => {
    const element = document.createElement('div');
    const editor = new Editor({
      element,
      extensions: editorExtensions(''),
      content: {
        type: 'doc',
        content: [{ type: 'codeBlock', content: [{ type: 'text', text: 'def f():\n    pass' }] }],
      },
    });
    try {
      expect(element.querySelector('pre code')?.textContent).toBe('def f():\n    pass');
      expect(element.querySelector('pre [class*="hljs"]')).toBeNull();
    } finally {
      editor.destroy();
    }
  });
});
