import type { DocNode } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import { docText, filterDoc } from './doc-filter.ts';
import { renderDocHtml } from './render-html.ts';

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

  it('turns an empty or broken document into an empty paragraph', () => {
    expect(filterDoc(null)).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(filterDoc({ type: 'script' })).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(renderDocHtml(undefined)).toBe('<p></p>');
  });

  it('extracts the plain text block by block', () => {
    expect(docText(doc(p(text('一'), text('二')), p(text('三'))))).toBe('一二\n三');
  });
});
