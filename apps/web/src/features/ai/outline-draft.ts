import { AI_LIMITS, outlineSchema, type Outline } from '@studio/contract';

/** A lesson in the outline editor; `key` keeps React rows stable while lessons move. */
export interface DraftLesson {
  key: string;
  title: string;
  goal: string;
  /** A document's lesson: the sections it is written from (kept through merges and splits). */
  sources?: number[];
}

export interface OutlineDraft {
  title: string;
  subtitle: string;
  summary: string;
  lessons: DraftLesson[];
}

let seq = 0;
const nextKey = (): string => `l${++seq}`;

export const toDraft = (outline: Outline): OutlineDraft => ({
  title: outline.title,
  subtitle: outline.subtitle,
  summary: outline.summary,
  lessons: outline.lessons.map((l) => ({
    key: nextKey(),
    title: l.title,
    goal: l.goal,
    ...(l.sources ? { sources: l.sources } : {}),
  })),
});

/** What is sent to the server: keys dropped, text trimmed as the schema does. */
export const toOutline = (draft: OutlineDraft): Outline => ({
  title: draft.title.trim(),
  subtitle: draft.subtitle.trim(),
  summary: draft.summary.trim(),
  lessons: draft.lessons.map((l) => ({
    title: l.title.trim(),
    goal: l.goal.trim(),
    ...(l.sources ? { sources: l.sources } : {}),
  })),
});

/** Whether the draft differs from what the server holds. */
export const isDirty = (draft: OutlineDraft, saved: Outline): boolean =>
  JSON.stringify(toOutline(draft)) !== JSON.stringify(toOutline(toDraft(saved)));

/** Moves the lesson at `from` to `to` (both clamped); the list is unchanged when it cannot move. */
export const moveLesson = (lessons: DraftLesson[], from: number, to: number): DraftLesson[] => {
  const target = Math.max(0, Math.min(lessons.length - 1, to));
  if (from < 0 || from >= lessons.length || from === target) return lessons;
  const next = [...lessons];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(target, 0, moved);
  return next;
};

/** Appends a lesson, unless the course already has the most lessons allowed. */
export const addLesson = (lessons: DraftLesson[], title: string): DraftLesson[] =>
  lessons.length >= AI_LIMITS.lessonsMax ? lessons : [...lessons, { key: nextKey(), title, goal: '' }];

/** Removes the lesson at `index`, but never the last one left. */
export const removeLesson = (lessons: DraftLesson[], index: number): DraftLesson[] =>
  lessons.length <= AI_LIMITS.lessonsMin ? lessons : lessons.filter((_, i) => i !== index);

/**
 * Merges the lesson at `index` with the next one: the first's title, both goals, both lessons' sections
 * in the document's order. The list is unchanged for the last lesson.
 */
export const mergeWithNext = (lessons: DraftLesson[], index: number): DraftLesson[] => {
  const [a, b] = [lessons[index], lessons[index + 1]];
  if (!a || !b) return lessons;
  const sources =
    a.sources || b.sources
      ? [...new Set([...(a.sources ?? []), ...(b.sources ?? [])])].sort((x, y) => x - y)
      : undefined;
  const goal = [a.goal, b.goal].filter(Boolean).join('；').slice(0, 200);
  const merged: DraftLesson = { key: a.key, title: a.title, goal, ...(sources ? { sources } : {}) };
  return [...lessons.slice(0, index), merged, ...lessons.slice(index + 2)];
};

/** Whether a lesson can be split: it comes from two or more sections, and the course has room. */
export const canSplit = (lessons: DraftLesson[], index: number): boolean =>
  (lessons[index]?.sources?.length ?? 0) >= 2 && lessons.length < AI_LIMITS.lessonsMax;

/**
 * Splits a document's lesson in two at the middle of its sections; the second half is titled
 * `secondTitle` (the first section of that half is a good name, the caller decides).
 */
export const splitLesson = (lessons: DraftLesson[], index: number, secondTitle: string): DraftLesson[] => {
  const l = lessons[index];
  if (!l?.sources || !canSplit(lessons, index)) return lessons;
  const half = Math.ceil(l.sources.length / 2);
  const first: DraftLesson = { ...l, sources: l.sources.slice(0, half) };
  const second: DraftLesson = {
    key: nextKey(),
    title: secondTitle.slice(0, 60),
    goal: l.goal,
    sources: l.sources.slice(half),
  };
  return [...lessons.slice(0, index), first, second, ...lessons.slice(index + 1)];
};

export const updateLesson = (
  lessons: DraftLesson[],
  index: number,
  patch: Partial<Omit<DraftLesson, 'key'>>,
): DraftLesson[] => lessons.map((l, i) => (i === index ? { ...l, ...patch } : l));

const lessonShape = outlineSchema.shape.lessons.element.shape;

/** The rules the server checks, field by field, so each input can say what is wrong. */
export interface DraftIssues {
  title: boolean;
  summary: boolean;
  count: boolean;
  lessons: Record<string, { title: boolean; goal: boolean }>;
  any: boolean;
}

export const draftIssues = (draft: OutlineDraft): DraftIssues => {
  const bad = (ok: boolean) => !ok;
  const lessons: DraftIssues['lessons'] = {};
  let lessonIssue = false;
  for (const l of draft.lessons) {
    const issue = {
      title: bad(lessonShape.title.safeParse(l.title).success),
      goal: bad(lessonShape.goal.safeParse(l.goal).success),
    };
    if (issue.title || issue.goal) lessonIssue = true;
    lessons[l.key] = issue;
  }
  const title = bad(outlineSchema.shape.title.safeParse(draft.title).success);
  const summary = bad(outlineSchema.shape.summary.safeParse(draft.summary).success);
  const count = draft.lessons.length < AI_LIMITS.lessonsMin || draft.lessons.length > AI_LIMITS.lessonsMax;
  return { title, summary, count, lessons, any: title || summary || count || lessonIssue };
};
