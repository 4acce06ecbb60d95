import type { Course, CourseCategory } from '@studio/contract';
import type { CourseModify } from '@studio/contract';
import { DEFAULT_COMPLETION } from '@studio/contract/constants';
import { fenToYuan, yuanToFen } from '../../../lib/format.ts';

export interface CourseFormValues {
  title: string;
  subtitle: string;
  summary: string;
  cover: string;
  category: CourseCategory | null;
  tags: string[];
  /** Yuan, as typed; null = no price. */
  price: number | null;
  /** 结业要求: a cleared number falls back to the default (attempts: no limit). */
  completion: {
    minLessonSeconds: number | null;
    passMark: number | null;
    maxQuizAttempts: number | null;
    /** 禁止拖动未看部分. */
    noSeekAhead: boolean;
  };
}

export type CourseField = keyof CourseFormValues;
export type CourseFields = Omit<CourseModify, 'courseId' | 'version'>;

export const COURSE_FIELDS: readonly CourseField[] = [
  'title',
  'subtitle',
  'summary',
  'cover',
  'category',
  'tags',
  'price',
  'completion',
];

export const toFormValues = (course: Course): CourseFormValues => ({
  title: course.title,
  subtitle: course.subtitle,
  summary: course.summary,
  cover: course.cover,
  category: course.category,
  tags: course.tags,
  price: fenToYuan(course.price),
  completion: { ...course.completion, noSeekAhead: course.completion.noSeekAhead ?? false },
});

/** What the server would store for these values (trimmed, price in fen). */
export const toModifyBody = (values: Partial<CourseFormValues>): Required<CourseFields> => ({
  title: (values.title ?? '').trim(),
  subtitle: (values.subtitle ?? '').trim(),
  summary: (values.summary ?? '').trim(),
  cover: values.cover ?? '',
  category: values.category ?? null,
  tags: (values.tags ?? []).map((tag) => tag.trim()).filter(Boolean),
  price: yuanToFen(values.price),
  completion: {
    minLessonSeconds: values.completion?.minLessonSeconds ?? DEFAULT_COMPLETION.minLessonSeconds,
    passMark: values.completion?.passMark ?? DEFAULT_COMPLETION.passMark,
    maxQuizAttempts: values.completion?.maxQuizAttempts ?? null,
    noSeekAhead: values.completion?.noSeekAhead ?? false,
  },
});

/** Only the named fields: a save carries what the user changed, never a copy of the rest. */
export const pickFields = (body: Required<CourseFields>, fields: Iterable<CourseField>): CourseFields => {
  const picked: CourseFields = {};
  for (const field of fields) Object.assign(picked, { [field]: body[field] });
  return picked;
};

/** Equal once stored: "abc " typed equals "abc" saved, so a save answer never rewrites a field. */
export const sameStored = (field: CourseField, a: Partial<CourseFormValues>, b: Partial<CourseFormValues>) =>
  JSON.stringify(toModifyBody(a)[field]) === JSON.stringify(toModifyBody(b)[field]);
