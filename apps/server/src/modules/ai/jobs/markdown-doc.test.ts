import { describe, expect, it } from 'vitest';
import { markdownToDoc } from './markdown-doc.ts';

describe('markdown to editor document', () => {
  it('converts headings, lists, code, quotes and inline marks', () => {
    const doc = markdownToDoc(
      '## 标题\n**粗** 和 `码`\n\n- 一\n- 二\n\n1. 甲\n\n```py\nprint(1)\n```\n> 引用',
    );
    expect(doc.content!.map((n) => n.type)).toEqual([
      'heading',
      'paragraph',
      'bulletList',
      'orderedList',
      'codeBlock',
      'blockquote',
    ]);
    expect(doc.content![1]!.content![0]).toEqual({ type: 'text', text: '粗', marks: [{ type: 'bold' }] });
    expect(doc.content![4]).toEqual({
      type: 'codeBlock',
      attrs: { language: 'py' },
      content: [{ type: 'text', text: 'print(1)' }],
    });
  });
});
