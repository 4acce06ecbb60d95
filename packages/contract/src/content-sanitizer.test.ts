import { describe, expect, it } from 'vitest';
import { mediaIdsOf, safeUrl, sanitizeDoc } from './content-sanitizer.ts';
import type { DocNode } from './schemas/course.ts';

const doc = (...content: DocNode[]): DocNode => ({ type: 'doc', content });
const p = (...content: DocNode[]): DocNode => ({ type: 'paragraph', content });
const text = (t: string, marks?: DocNode['marks']): DocNode => ({
  type: 'text',
  text: t,
  ...(marks ? { marks } : {}),
});

describe('content sanitizer', () => {
  it('keeps the formatting the editor makes', () => {
    const input = doc(
      { type: 'heading', attrs: { level: 2 }, content: [text('标题')] },
      p(
        text('粗体', [{ type: 'bold' }]),
        text('链接', [{ type: 'link', attrs: { href: 'https://example.com/a' } }]),
      ),
      { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('一'))] }] },
      { type: 'codeBlock', attrs: { language: 'ts' }, content: [text('const a = 1;')] },
      { type: 'image', attrs: { src: '/api/files/image/2026/11/abcdefghijkl.png', alt: '图' } },
      {
        type: 'image',
        attrs: { src: '/api/files/image/2026/11/abcdefghijkm.png', width: 320, caption: '图 1：流程' },
      },
      { type: 'callout', attrs: { tone: 'warning' }, content: [p(text('注意'))] },
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [{ type: 'tableCell', attrs: { colspan: 1 }, content: [p(text('格'))] }],
          },
        ],
      },
    );
    expect(sanitizeDoc(input)).toEqual(input);
  });

  it('keeps an image width in range and a caption as plain text, cut to its limit', () => {
    const image = (attrs: Record<string, unknown>) =>
      sanitizeDoc(doc({ type: 'image', attrs: { src: '/api/files/image/a.png', ...attrs } })).content?.[0]
        ?.attrs;
    expect(image({ width: 10 })).toEqual({ src: '/api/files/image/a.png' });
    expect(image({ width: 2001 })).toEqual({ src: '/api/files/image/a.png' });
    expect(image({ width: 320.5 })).toEqual({ src: '/api/files/image/a.png' });
    expect(image({ width: '320' })).toEqual({ src: '/api/files/image/a.png' });
    expect(image({ width: 48, caption: 'a\u0000b' })).toEqual({
      src: '/api/files/image/a.png',
      width: 48,
      caption: 'ab',
    });
    expect(image({ caption: '说'.repeat(300) })?.caption).toHaveLength(200);
    expect(image({ caption: { toString: () => 'x' } })).toEqual({ src: '/api/files/image/a.png' });
  });

  it.each([
    ['javascript: link', p(text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))],
    ['data: image', { type: 'image', attrs: { src: 'data:text/html,<script>alert(1)</script>' } }],
    ['vbscript image', { type: 'image', attrs: { src: 'vbscript:msgbox(1)' } }],
    ['unknown node (raw html)', { type: 'html', attrs: { html: '<img src=x onerror=alert(1)>' } }],
    ['svg node', { type: 'svg', content: [{ type: 'script', text: 'alert(1)' }] }],
    ['video with javascript', { type: 'videoEmbed', attrs: { src: 'javascript:alert(1)' } }],
  ] as [string, DocNode][])('removes %s', (_name, node) => {
    const out = JSON.stringify(sanitizeDoc(doc(node, p(text('ok')))));
    expect(out).not.toMatch(/javascript:|data:|vbscript:|onerror|<script|"html"|"svg"/i);
    expect(out).toContain('ok');
  });

  it('drops event-handler attributes and unknown marks, keeps the text', () => {
    const out = sanitizeDoc(
      doc({
        type: 'paragraph',
        attrs: { onclick: 'alert(1)', style: 'x', textAlign: 'center' },
        content: [text('文字', [{ type: 'script' }, { type: 'bold', attrs: { onmouseover: 'alert(1)' } }])],
      }),
    );
    expect(out).toEqual(
      doc({ type: 'paragraph', attrs: { textAlign: 'center' }, content: [text('文字', [{ type: 'bold' }])] }),
    );
  });

  it('keeps a media block by its id and drops one without a valid id', () => {
    const media = (attrs: Record<string, unknown>) =>
      sanitizeDoc(doc({ type: 'media', attrs }, p(text('ok'))));
    expect(
      media({ mediaId: 7, kind: 'video', title: '第一讲', src: 'https://x.example/a.mp4' }).content![0],
    ).toEqual({ type: 'media', attrs: { mediaId: 7, kind: 'video', title: '第一讲' } });
    expect(mediaIdsOf(media({ mediaId: 7 }))).toEqual([7]);
    for (const mediaId of ['7', 0, 1.5, -1, 2 ** 31]) expect(mediaIdsOf(media({ mediaId }))).toEqual([]);
    expect(media({ mediaId: 7, kind: 'html' }).content![0]).toEqual({ type: 'media', attrs: { mediaId: 7 } });
  });

  it('answers an empty document for a non-document', () => {
    expect(sanitizeDoc({ type: 'script', text: 'alert(1)' })).toEqual(doc({ type: 'paragraph' }));
  });

  it('accepts only http(s), mailto for links, and our own file paths', () => {
    expect(safeUrl('https://a.example/x')).toBe('https://a.example/x');
    expect(safeUrl('/api/files/cover/2026/11/abc.png')).toBe('/api/files/cover/2026/11/abc.png');
    expect(safeUrl('//evil.example/x')).toBeUndefined();
    expect(safeUrl(' JaVaScRiPt:alert(1)')).toBeUndefined();
    expect(safeUrl('mailto:a@b.c')).toBeUndefined();
    expect(safeUrl('mailto:a@b.c', { allowMailto: true })).toBe('mailto:a@b.c');
  });
});
