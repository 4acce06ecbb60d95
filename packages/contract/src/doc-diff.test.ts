import { describe, expect, it } from 'vitest';
import { docDiff, sameText } from './doc-diff.ts';
import type { DocNode } from './schemas/course.ts';

const doc = (...paragraphs: string[]): DocNode => ({
  type: 'doc',
  content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

describe('docDiff', () => {
  it('marks blocks added, removed and kept', () => {
    expect(docDiff(doc('一', '二'), doc('一', '三段', '二'))).toEqual([
      { op: 'same', text: '一' },
      { op: 'added', text: '三段' },
      { op: 'same', text: '二' },
    ]);
    expect(docDiff(doc('一', '二'), doc('二'))).toEqual([
      { op: 'removed', text: '一' },
      { op: 'same', text: '二' },
    ]);
  });

  it('marks the changed words of a block replaced in place, Chinese cut into words', () => {
    const [block] = docDiff(doc('今天学习变量'), doc('今天学习函数'));
    expect(block).toEqual({
      op: 'changed',
      parts: [{ text: '今天学习' }, { text: '变量', removed: true }, { text: '函数', added: true }],
    });
    const [english] = docDiff(doc('hello big world'), doc('hello small world'));
    expect(english).toMatchObject({ op: 'changed' });
    expect(english?.op === 'changed' && english.parts.filter((p) => p.added).map((p) => p.text)).toEqual([
      'small',
    ]);
  });

  it('reads lists, code and images as blocks', () => {
    const list: DocNode = {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: '项' }] }] },
      ],
    };
    const image: DocNode = { type: 'image', attrs: { src: '/a.png', alt: '图' } };
    expect(docDiff({ type: 'doc', content: [list] }, { type: 'doc', content: [list, image] })).toEqual([
      { op: 'same', text: '项' },
      { op: 'added', text: '[image 图]' },
    ]);
    const captioned = (caption: string): DocNode => ({
      type: 'doc',
      content: [{ type: 'image', attrs: { ...image.attrs, caption } }],
    });
    const recaptioned = docDiff(captioned('图 1：变量'), captioned('图 1：常量'));
    expect(recaptioned).toMatchObject([{ op: 'changed' }]);
    expect(
      recaptioned[0]?.op === 'changed' && recaptioned[0].parts.filter((p) => p.added).map((p) => p.text),
    ).toEqual(['常量']);
    expect(sameText(doc('a'), doc('a'))).toBe(true);
    expect(sameText(doc('a'), doc('b'))).toBe(false);
  });
});
