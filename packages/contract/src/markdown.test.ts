import { describe, expect, it } from 'vitest';
import { markdownImages, markdownSections, markdownToDoc } from './markdown.ts';
import type { DocNode } from './schemas/course.ts';

const blocks = (md: string, options = {}) => markdownToDoc(md, options).content!;
const text = (t: string, ...marks: DocNode['marks'] & object) =>
  marks.length ? { type: 'text', text: t, marks } : { type: 'text', text: t };
const para = (...content: DocNode[]) => ({ type: 'paragraph', content });
const item = (...content: DocNode[]) => ({ type: 'listItem', content });

describe('Markdown as lesson JSON (CommonMark + GFM)', () => {
  it('links, __bold__, _em_, ~~strike~~ and code are marks; an unsafe link keeps its text only', () => {
    expect(
      blocks('见 [文档](https://example.com/d) 与 __粗__ _斜_ ~~删~~ `a<b>` [坏](javascript:alert(1))'),
    ).toEqual([
      para(
        text('见 '),
        text('文档', { type: 'link', attrs: { href: 'https://example.com/d' } }),
        text(' 与 '),
        text('粗', { type: 'bold' }),
        text(' '),
        text('斜', { type: 'italic' }),
        text(' '),
        text('删', { type: 'strike' }),
        text(' '),
        text('a<b>', { type: 'code' }),
        text(' 坏'),
      ),
    ]);
  });

  it('nested lists, `2)` and `+` items', () => {
    expect(blocks('- 一\n  - 一点一\n- 二\n\n2) 乙\n3) 丙\n\n+ 加')).toEqual([
      {
        type: 'bulletList',
        content: [
          item(para(text('一')), { type: 'bulletList', content: [item(para(text('一点一')))] }),
          item(para(text('二'))),
        ],
      },
      { type: 'orderedList', attrs: { start: 2 }, content: [item(para(text('乙'))), item(para(text('丙')))] },
      { type: 'bulletList', content: [item(para(text('加')))] },
    ]);
  });

  it('a quote over several lines is one quote; ##### is the deepest heading, not text', () => {
    expect(blocks('> 第一行\n> 第二行\n接着\n\n##### 小节\n\n# 大')).toEqual([
      { type: 'blockquote', content: [para(text('第一行 第二行 接着'))] },
      { type: 'heading', attrs: { level: 4 }, content: [text('小节')] },
      { type: 'heading', attrs: { level: 1 }, content: [text('大')] },
    ]);
    expect(blocks('# 大\n\n### 小', { headingOffset: 1 }).map((b) => b.attrs?.level)).toEqual([2, 4]);
  });

  it('code fences keep their lines and language; ~~~ fences too', () => {
    expect(blocks('```py title\nx = 1\n\ny = 2\n```\n\n~~~\n# 不是标题\n~~~')).toEqual([
      { type: 'codeBlock', attrs: { language: 'py' }, content: [text('x = 1\n\ny = 2')] },
      { type: 'codeBlock', content: [text('# 不是标题')] },
    ]);
  });

  it('a picture is kept only when allowed, as a block where it stands', () => {
    const md = '看图 ![示意 图](/api/files/a.png) 之后\n\n![x](https://evil.example/a.png)';
    expect(blocks(md, { keepImage: (src: string) => src.startsWith('/api/') })).toEqual([
      para(text('看图 ')),
      { type: 'image', attrs: { src: '/api/files/a.png', alt: '示意 图' } },
      para(text(' 之后')),
    ]);
    expect(JSON.stringify(blocks(md))).not.toContain('image');
    expect(markdownImages(`- ${md}`)).toEqual(['/api/files/a.png', 'https://evil.example/a.png']);
  });

  it('pipe tables become the editor’s rectangular tables', () => {
    expect(blocks('| 甲 | 乙 |\n|---|:-:|\n| **1** |\n')).toEqual([
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [
              { type: 'tableHeader', content: [para(text('甲'))] },
              { type: 'tableHeader', content: [para(text('乙'))] },
            ],
          },
          {
            type: 'tableRow',
            content: [
              { type: 'tableCell', content: [para(text('1', { type: 'bold' }))] },
              { type: 'tableCell', content: [{ type: 'paragraph' }] },
            ],
          },
        ],
      },
    ]);
  });

  it('what has no node keeps its text: HTML, task boxes, entities, hard breaks, rules', () => {
    expect(blocks('<div>块</div>\n\n<b>粗</b>\n\n- [x] 做完\n\nA &amp; B  \n下一行\n\n---')).toEqual([
      para(text('<div>块</div>')),
      para(text('<b>粗</b>')),
      { type: 'bulletList', content: [item(para(text('[x] 做完')))] },
      para(text('A & B'), { type: 'hardBreak' }, text('下一行')),
      { type: 'horizontalRule' },
    ]);
    expect(blocks('<script>alert(1)</script>')).toEqual([para(text('<script>alert(1)</script>'))]);
    expect(markdownToDoc('  \n')).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });

  it('splits at headings of any level, code fences not included', () => {
    expect(markdownSections('前言\n## 一\n正文\n```\n# 注释\n```\n##### 二\n- 项')).toEqual([
      { heading: '一', depth: 2, body: '正文\n```\n# 注释\n```' },
      { heading: '二', depth: 5, body: '- 项' },
    ]);
  });
});
