import type { DocNode } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import { clearDrafts, draftKey, draftOffer, readDraft, writeDraft, type LessonDraft } from './local-draft.ts';

const doc = (text: string): DocNode => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});
const draft = (over: Partial<LessonDraft> = {}): LessonDraft => ({
  lessonId: 5,
  baseVersion: 3,
  savedAt: 2000,
  title: '第一课',
  content: doc('我的文本'),
  durationMin: 10,
  freePreview: false,
  ...over,
});
const server = (over: Partial<LessonDraft & { version: number; updateTime: number }> = {}) => ({
  title: '第一课',
  content: doc('服务器文本'),
  durationMin: 10,
  freePreview: false,
  version: 3,
  updateTime: 1000,
  ...over,
});

describe('local lesson drafts', () => {
  it('stores one draft per lesson under id + base version, the newest base replacing older ones', () => {
    writeDraft(draft());
    expect(localStorage.getItem(draftKey(5, 3))).not.toBeNull();
    writeDraft(draft({ baseVersion: 4, savedAt: 3000 }));
    expect(localStorage.getItem(draftKey(5, 3))).toBeNull();
    expect(readDraft(5)?.baseVersion).toBe(4);
    writeDraft(draft({ lessonId: 6 }));
    clearDrafts(5);
    expect(readDraft(5)).toBeNull();
    expect(readDraft(6)).not.toBeNull();
  });

  it('ignores and removes unreadable entries', () => {
    localStorage.setItem(draftKey(5, 1), '{not json');
    localStorage.setItem(draftKey(5, 2), JSON.stringify({ lessonId: 5 }));
    expect(readDraft(5)).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('offers a draft that differs from the server text on the same version', () => {
    expect(draftOffer(draft(), server())).toEqual({ draft: draft() });
  });

  it('never offers (and drops) a draft based on an older version: restoring it would overwrite newer text', () => {
    writeDraft(draft());
    expect(draftOffer(draft(), server({ version: 4, updateTime: 5000 }))).toBeNull();
    expect(readDraft(5)).toBeNull();
  });

  it('drops a draft the server already has, ignoring attributes the server does not keep', () => {
    writeDraft(draft());
    const editorJson: DocNode = {
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: '服务器文本' }] },
      ],
    };
    expect(draftOffer(draft({ content: editorJson }), server({ version: 4 }))).toBeNull();
    expect(readDraft(5)).toBeNull();
  });

  it('offers nothing when there is no draft', () => {
    expect(draftOffer(null, server())).toBeNull();
  });
});
