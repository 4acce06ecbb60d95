import { describe, expect, it } from 'vitest';
import { markdownBlocks } from './assist-markdown.ts';

describe('assist Markdown', () => {
  it('becomes lesson blocks: headings, lists, marks, code', () => {
    const blocks = markdownBlocks(
      '## 目标\n\n**小测验**\n1. 问题一\n2. 问题二\n\n```python\nx = 1\ny = 2\n```',
    );
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'orderedList', 'codeBlock']);
    expect(blocks[0]).toMatchObject({ attrs: { level: 2 } });
    expect(blocks[1]?.content?.[0]).toMatchObject({ text: '小测验', marks: [{ type: 'bold' }] });
    expect(blocks[3]?.content?.[0]?.text).toBe('x = 1\ny = 2');
  });

  it('reads a line break inside a paragraph as a space', () => {
    expect(markdownBlocks('第一行\n第二行')[0]?.content?.[0]?.text).toBe('第一行 第二行');
  });

  it('passes the content whitelist: HTML only as text, no javascript: links; a deeper heading is the deepest one', () => {
    const blocks = markdownBlocks('[链接](javascript:alert(1)) <script>alert(1)</script>\n\n###### 小标题');
    expect(blocks[0]).toEqual({
      type: 'paragraph',
      content: [{ type: 'text', text: '链接 <script>alert(1)</script>' }],
    });
    expect(JSON.stringify(blocks)).not.toMatch(/javascript/);
    expect(blocks.at(-1)).toMatchObject({
      type: 'heading',
      attrs: { level: 4 },
      content: [{ text: '小标题' }],
    });
  });

  it('blank text is nothing', () => {
    expect(markdownBlocks('\n\n  ')).toEqual([]);
  });
});
