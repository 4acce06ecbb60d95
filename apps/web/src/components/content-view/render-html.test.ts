import type { DocNode } from '@studio/contract';
import { getHTMLFromFragment, getSchema } from '@tiptap/core';
import { Node as PmNode } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n/index.ts';
import { highlightCode } from './code-highlight.ts';
import { contentExtensions } from './content-extensions.ts';
import { docText, filterDoc } from './doc-filter.ts';
import { purifyHtml, renderDocHtml } from './render-html.ts';

const doc = (...content: DocNode[]): DocNode => ({ type: 'doc', content });
const p = (...content: DocNode[]): DocNode => ({ type: 'paragraph', content });
const text = (value: string, marks?: DocNode['marks']): DocNode => ({ type: 'text', text: value, marks });

const toDom = (html: string): HTMLElement => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
};

describe('content renderer', () => {
  it('renders the formatting of the shared schema', () => {
    const html = renderDocHtml(
      doc(
        { type: 'heading', attrs: { level: 2 }, content: [text('标题')] },
        p(
          text('粗体', [{ type: 'bold' }]),
          text(' 和 '),
          text('链接', [{ type: 'link', attrs: { href: 'https://example.com/' } }]),
        ),
        { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('一'))] }] },
        { type: 'callout', attrs: { tone: 'warning' }, content: [p(text('注意'))] },
        { type: 'image', attrs: { src: '/api/files/image/a.png', alt: '图' } },
      ),
    );
    const dom = toDom(html);
    expect(dom.querySelector('h2')?.textContent).toBe('标题');
    expect(dom.querySelector('strong')?.textContent).toBe('粗体');
    expect(dom.querySelector('ul li')?.textContent).toBe('一');
    expect(dom.querySelector('.callout')?.getAttribute('data-tone')).toBe('warning');
    expect(dom.querySelector('img')?.getAttribute('src')).toBe('/api/files/image/a.png');
    const link = dom.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('drops a javascript: link and keeps its text inert', () => {
    const html = renderDocHtml(
      doc(p(text('点我', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))),
    );
    const dom = toDom(html);
    expect(dom.textContent).toBe('点我');
    expect(html).not.toContain('javascript:');
    expect(dom.querySelector('a')).toBeNull();
  });

  it('drops onerror and unknown attributes, unknown nodes, and bad image sources', () => {
    const html = renderDocHtml(
      doc(
        { type: 'image', attrs: { src: 'x', onerror: 'alert(1)' } },
        { type: 'image', attrs: { src: '/api/files/image/ok.png', onerror: 'alert(1)' } },
        { type: 'script', content: [text('alert(1)')] },
        { type: 'paragraph', attrs: { onclick: 'alert(1)', style: 'color:red' }, content: [text('安全')] },
      ),
    );
    const dom = toDom(html);
    expect(dom.querySelectorAll('img')).toHaveLength(1);
    expect(dom.querySelector('[onerror], [onclick], script, [style]')).toBeNull();
    expect(html).not.toContain('alert');
    expect(dom.textContent).toBe('安全');
  });

  it('shows HTML typed as text as text, never as markup', () => {
    const payload = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const dom = toDom(renderDocHtml(doc(p(text(payload)))));
    expect(dom.textContent).toBe(payload);
    expect(dom.querySelector('img, script')).toBeNull();
  });

  it('frames only known video players; other video links stay links', () => {
    const dom = toDom(
      renderDocHtml(
        doc(
          { type: 'videoEmbed', attrs: { src: 'https://www.bilibili.com/video/BV1GJ411x7h7' } },
          { type: 'videoEmbed', attrs: { src: 'https://evil.example/v/1' } },
          { type: 'videoEmbed', attrs: { src: 'javascript:alert(1)' } },
        ),
      ),
    );
    const frames = dom.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    expect(frames[0]?.getAttribute('src')).toMatch(/^https:\/\/player\.bilibili\.com\/player\.html\?bvid=/);
    expect(frames[0]?.getAttribute('sandbox')).toContain('allow-scripts');
    expect(dom.querySelector('a')?.getAttribute('href')).toBe('https://evil.example/v/1');
    expect(dom.querySelectorAll('.video-embed')).toHaveLength(2);
  });

  it('shows an image at the width its author gave, with its caption under it as text', () => {
    const dom = toDom(
      renderDocHtml(
        doc({
          type: 'image',
          attrs: { src: '/api/files/image/a.png', alt: '图', width: 320, caption: '<b>说明</b>' },
        }),
      ),
    );
    const figure = dom.querySelector('figure');
    expect(figure?.querySelector('img')?.getAttribute('width')).toBe('320');
    expect(figure?.querySelector('figcaption')?.textContent).toBe('<b>说明</b>');
    expect(dom.querySelector('b')).toBeNull();
  });

  it('colours code with the highlighter it is given, and never lets code become markup', () => {
    const code = 'def add(a, b):\n    return a + b  # <script>alert(1)</script>';
    const block: DocNode = { type: 'codeBlock', attrs: { language: 'python' }, content: [text(code)] };
    const plain = toDom(renderDocHtml(doc(block)));
    expect(plain.querySelector('[class^="hljs"]')).toBeNull();
    const coloured = toDom(renderDocHtml(doc(block), { highlight: highlightCode }));
    expect(coloured.querySelector('pre code.language-python')?.textContent).toBe(code);
    expect(coloured.querySelector('.hljs-keyword')?.textContent).toBe('def');
    expect(coloured.querySelector('.hljs-comment')?.textContent).toBe('# <script>alert(1)</script>');
    expect(coloured.querySelector('script')).toBeNull();
    // No language, or one highlight.js does not know: plain, as in the editor.
    for (const language of [undefined, 'klingon']) {
      const plainCode = toDom(
        renderDocHtml(doc({ type: 'codeBlock', attrs: { language }, content: [text('<b>x</b>')] }), {
          highlight: highlightCode,
        }),
      );
      expect(plainCode.querySelector('pre code')?.innerHTML).toBe('&lt;b&gt;x&lt;/b&gt;');
    }
  });

  it('turns an empty or broken document into an empty paragraph', () => {
    expect(filterDoc(null)).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(filterDoc({ type: 'script' })).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(renderDocHtml(undefined)).toBe('<p></p>');
  });

  it('extracts the plain text block by block', () => {
    expect(docText(doc(p(text('一'), text('二')), p(text('三'))))).toBe('一二\n三');
  });
});

/**
 * render-html.ts writes the shared schema out by hand so pages that only show lessons load no Tiptap.
 * These cases hold it to Tiptap's own rendering of that schema (content-extensions.ts): every node and
 * mark, the nesting of marks, attributes, and documents with the wrong nesting.
 */
describe('content renderer matches Tiptap', () => {
  const tiptapHtml = (input: DocNode): string => {
    const schema = getSchema(contentExtensions());
    const clean = filterDoc(input);
    try {
      return purifyHtml(getHTMLFromFragment(PmNode.fromJSON(schema, clean).content, schema));
    } catch {
      const plain = docText(clean);
      return plain
        ? `<p>${plain.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\n/g, '<br>')}</p>`
        : '';
    }
  };
  const same = (input: DocNode) => {
    const mine = toDom(renderDocHtml(input));
    const theirs = toDom(tiptapHtml(input));
    expect(mine.innerHTML).toBe(theirs.innerHTML);
    expect(mine.isEqualNode(theirs)).toBe(true);
  };
  const cell = (
    type: 'tableCell' | 'tableHeader',
    value: string,
    attrs?: Record<string, unknown>,
  ): DocNode => ({
    type,
    attrs,
    content: [p(text(value))],
  });
  const link = (href: string) => ({ type: 'link', attrs: { href } });

  const everything = doc(
    { type: 'heading', attrs: { level: 1 }, content: [text('一级')] },
    { type: 'heading', attrs: { level: 4 }, content: [text('四级'), text('粗', [{ type: 'bold' }])] },
    { type: 'heading', content: [text('无级别')] },
    p(),
    { type: 'paragraph', attrs: { textAlign: 'center' }, content: [text('居中 & <转义> "引号" \'单\'')] },
    p(
      text('a', [{ type: 'bold' }, { type: 'italic' }]),
      text('b', [{ type: 'italic' }]),
      text('c', [{ type: 'italic' }, { type: 'bold' }, { type: 'underline' }]),
      text('d', [{ type: 'strike' }, { type: 'code' }]),
      { type: 'hardBreak', marks: [{ type: 'strike' }] },
      text('e', [link('https://a.example/'), { type: 'bold' }]),
      text('f', [link('https://a.example/')]),
      text('g', [link('https://b.example/')]),
      { type: 'hardBreak' },
      text('h', [link('mailto:x@example.com'), { type: 'underline' }, { type: 'code' }]),
      text('i', [link('/api/files/image/x.png')]),
    ),
    {
      type: 'bulletList',
      content: [
        {
          type: 'listItem',
          content: [
            p(text('一')),
            { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('嵌套'))] }] },
          ],
        },
        { type: 'listItem', content: [p(text('二')), { type: 'codeBlock', content: [text('x = 1')] }] },
      ],
    },
    { type: 'orderedList', content: [{ type: 'listItem', content: [p(text('1'))] }] },
    { type: 'orderedList', attrs: { start: 1 }, content: [{ type: 'listItem', content: [p(text('1'))] }] },
    { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [p(text('3'))] }] },
    { type: 'blockquote', content: [p(text('引用')), { type: 'horizontalRule' }] },
    { type: 'codeBlock', attrs: { language: 'python' }, content: [text('print("hi")\n<b>')] },
    { type: 'codeBlock' },
    { type: 'horizontalRule' },
    { type: 'image', attrs: { src: '/api/files/image/a.png', alt: '图 "1"', title: '标题' } },
    { type: 'image', attrs: { src: 'https://img.example/b.png' } },
    {
      type: 'image',
      attrs: { src: '/api/files/image/c.png', alt: '示意', width: 320, caption: '图 1："变量" & <名字>' },
    },
    { type: 'image', attrs: { src: '/api/files/image/d.png', width: 48, caption: '' } },
    {
      type: 'table',
      content: [
        { type: 'tableRow', content: [cell('tableHeader', '甲', { colspan: 2 }), cell('tableHeader', '乙')] },
        {
          type: 'tableRow',
          content: [
            cell('tableCell', '1', { rowspan: 2 }),
            cell('tableCell', '2', { colspan: 1 }),
            cell('tableCell', '3'),
          ],
        },
        { type: 'tableRow', content: [cell('tableCell', '4'), cell('tableCell', '5', { rowspan: 1 })] },
        { type: 'tableRow', content: [] },
      ],
    },
    { type: 'callout', content: [p(text('默认'))] },
    ...(['info', 'warning', 'success', 'danger'] as const).map((tone) => ({
      type: 'callout',
      attrs: { tone },
      content: [
        p(text(tone)),
        { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('x'))] }] },
      ],
    })),
    { type: 'videoEmbed', attrs: { src: 'https://www.bilibili.com/video/BV1GJ411x7h7' } },
    { type: 'videoEmbed', attrs: { src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
    { type: 'videoEmbed', attrs: { src: 'https://evil.example/v?a=1&b=2' } },
    {
      type: 'quiz',
      attrs: {
        id: 'q-1',
        kind: 'single',
        question: '哪个 "对" & <对>？',
        options: ['甲', '乙 "引号"'],
        correct: [1],
        accepted: [],
        explanation: '因为 <乙>',
      },
    },
    { type: 'quiz', attrs: { id: 'q-2', kind: 'multiple', question: '多选', options: ['a', 'b', 'c'] } },
    { type: 'quiz', attrs: { id: 'q-3', kind: 'truefalse', question: '判断', correct: [0] } },
    { type: 'quiz', attrs: { id: 'q-4', kind: 'blank', question: '填空', accepted: ['答案'] } },
    { type: 'quiz', attrs: { id: 'q-5' }, content: [p(text('测验里的字'))] },
    { type: 'media', attrs: { mediaId: 7, kind: 'video', title: '第一讲 <b>' } },
    { type: 'media', attrs: { mediaId: 8, kind: 'audio' } },
  );

  it('covers every node and mark of the shared schema', () => {
    const schema = getSchema(contentExtensions());
    const nodes = new Set<string>();
    const marks = new Set<string>();
    const walk = (node: DocNode) => {
      nodes.add(node.type);
      node.marks?.forEach((m) => marks.add(m.type));
      node.content?.forEach(walk);
    };
    walk(everything);
    expect([...nodes].sort()).toEqual(Object.keys(schema.nodes).sort());
    expect([...marks].sort()).toEqual(Object.keys(schema.marks).sort());
  });

  it('renders every node and mark as Tiptap does', () => same(everything));

  it('renders the demo lessons and the empty document as Tiptap does', () => {
    same(doc(p()));
    same(
      doc({ type: 'heading', attrs: { level: 2 }, content: [text('变量')] }, p(text('变量是数据的名字。'))),
    );
  });

  it('renders documents the editor would not produce (wrong nesting) as Tiptap does', () => {
    const cases: DocNode[] = [
      doc(text('正文直接在文档里')),
      doc({
        type: 'bulletList',
        content: [{ type: 'listItem', content: [{ type: 'heading', content: [text('标题开头')] }] }],
      }),
      doc({ type: 'bulletList', content: [] }),
      doc({ type: 'codeBlock', content: [text('粗', [{ type: 'bold' }])] }),
      doc({ type: 'image', attrs: { src: '/api/files/image/a.png' }, content: [p(text('图里的字'))] }),
      doc(p(p(text('段落套段落')))),
      doc({ type: 'table', content: [{ type: 'tableRow', content: [p(text('不是单元格'))] }] }),
      doc({ type: 'callout', attrs: { tone: 'info' }, content: [] }),
      doc({ type: 'paragraph', marks: [{ type: 'bold' }], content: [text('段落带标记')] }, p(text('后'))),
      doc(p(text('不\u00a0换行'), { type: 'hardBreak', content: [text('x')] })),
      doc({ type: 'listItem', content: [p(text('孤立的列表项'))] }),
    ];
    for (const input of cases) same(input);
  });
});
