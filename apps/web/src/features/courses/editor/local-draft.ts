import type { DocNode } from '@studio/contract';
import { filterDoc } from '../../../components/content-view/doc-filter.ts';

/**
 * Unsaved lesson text kept in localStorage, so a reload, a crash or a lost connection loses nothing.
 * Keyed by lesson id and the server version the edits were based on; written on every edit, removed
 * once the server has it.
 */
export interface LessonFields {
  title: string;
  content: DocNode;
  durationMin: number;
  freePreview: boolean;
}

export interface LessonDraft extends LessonFields {
  lessonId: number;
  baseVersion: number;
  savedAt: number;
}

const PREFIX = 'lessonDraft:';
export const draftKey = (lessonId: number, baseVersion: number): string =>
  `${PREFIX}${lessonId}:${baseVersion}`;

const keysOf = (lessonId: number): string[] => {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(`${PREFIX}${lessonId}:`)) keys.push(key);
  }
  return keys;
};

const isDraft = (value: unknown): value is LessonDraft => {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Partial<LessonDraft>;
  return (
    typeof d.lessonId === 'number' &&
    typeof d.baseVersion === 'number' &&
    typeof d.savedAt === 'number' &&
    typeof d.title === 'string' &&
    typeof d.durationMin === 'number' &&
    typeof d.freePreview === 'boolean' &&
    typeof d.content === 'object' &&
    d.content !== null
  );
};

export const clearDrafts = (lessonId: number): void => {
  for (const key of keysOf(lessonId)) localStorage.removeItem(key);
};

/** Keeps one draft per lesson: writing one for a new base version drops the older ones. */
export const writeDraft = (draft: LessonDraft): void => {
  try {
    const key = draftKey(draft.lessonId, draft.baseVersion);
    for (const old of keysOf(draft.lessonId)) if (old !== key) localStorage.removeItem(old);
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: autosave still runs; only the crash safety net is missing.
  }
};

/** The newest draft of a lesson, or null. Unreadable entries are dropped. */
export const readDraft = (lessonId: number): LessonDraft | null => {
  let newest: LessonDraft | null = null;
  for (const key of keysOf(lessonId)) {
    try {
      const value: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
      if (isDraft(value) && value.lessonId === lessonId) {
        if (!newest || value.savedAt > newest.savedAt) newest = value;
      } else localStorage.removeItem(key);
    } catch {
      localStorage.removeItem(key);
    }
  }
  return newest;
};

/** Same text as far as the server would store it (the editor adds attributes the server drops). */
export const sameFields = (a: LessonFields, b: LessonFields): boolean =>
  a.title.trim() === b.title.trim() &&
  a.durationMin === b.durationMin &&
  a.freePreview === b.freePreview &&
  JSON.stringify(filterDoc(a.content)) === JSON.stringify(filterDoc(b.content));

export type DraftOffer = { draft: LessonDraft };

/**
 * Whether to offer a draft when the lesson opens: only when it holds something the server does not
 * (its text differs) and it was based on the server's current version. A draft the server already
 * has is removed quietly, and so is one based on an older version: the server moved on since (a save
 * from another tab, a restore, a reset to a release), and restoring the draft would overwrite that
 * newer text. (Edits of this tab that met a conflict were offered in the conflict dialog then.)
 */
export const draftOffer = (
  draft: LessonDraft | null,
  server: LessonFields & { version: number; updateTime: number },
): DraftOffer | null => {
  if (!draft) return null;
  if (draft.baseVersion !== server.version || sameFields(draft, server)) {
    clearDrafts(draft.lessonId);
    return null;
  }
  return { draft };
};
