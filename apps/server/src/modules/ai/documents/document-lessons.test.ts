import { describe, expect, it } from 'vitest';
import { sectionsMarkdown } from '../../../platform/ai/sections-markdown.ts';
import { markdownToDoc } from '../jobs/markdown-doc.ts';
import { missingImages } from './document-lessons.ts';

describe('a document’s pictures in a lesson', () => {
  const OWN = '/api/files/image/2026/11/abcdefghijklmnop/lg.png';
  const sections = [
    {
      title: '安全',
      level: 1,
      source: '安全',
      blocks: [
        { type: 'paragraph' as const, text: '戴好安全帽。' },
        { type: 'image' as const, src: OWN, alt: '安全帽 [正面]' },
        { type: 'paragraph' as const, text: '系好帽带。' },
      ],
    },
  ];

  it('the template’s Markdown has the picture at its place; it becomes an image node there', () => {
    const markdown = sectionsMarkdown(sections);
    const doc = markdownToDoc(markdown, new Set([OWN]));
    expect(doc.content!.map((n) => n.type)).toEqual(['heading', 'paragraph', 'image', 'paragraph']);
    expect(doc.content![2]).toEqual({ type: 'image', attrs: { src: OWN, alt: '安全帽 正面' } });
    expect(missingImages(markdown, { documentName: 'd', sections })).toBe('');
  });

  it('a picture line not among the lesson’s own is dropped; one left out is added after the text', () => {
    const answer = `## 要点\n戴好安全帽。\n![x](https://evil.example/a.png)\n![y](${OWN.replace('lg', 'sm')})`;
    const doc = markdownToDoc(answer, new Set([OWN]));
    expect(doc.content!.map((n) => n.type)).toEqual(['heading', 'paragraph']);
    expect(JSON.stringify(doc)).not.toContain('evil');
    const added = missingImages(answer, { documentName: 'd', sections });
    expect(added).toBe(`\n\n![安全帽 正面](${OWN})`);
    expect(markdownToDoc(answer + added, new Set([OWN])).content!.at(-1)).toMatchObject({
      type: 'image',
      attrs: { src: OWN },
    });
  });
});
