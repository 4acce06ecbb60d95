import { Editor } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { editorExtensions } from './editor-extensions.ts';

describe('code blocks in the editor', () => {
  it('highlight their language and keep the same JSON as the shared schema', () => {
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
    } finally {
      editor.destroy();
    }
  });
});
