/**
 * What the store search's test files share: a released course of given fields, the documents' count
 * check, the engine read each way, and the store list through the API.
 */
import type { CourseCategory, StoreListPage } from '@studio/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { call, createCourse, createLesson, writeLesson } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { PgStoreSearch } from './store-search.ts';

const COVER = '/api/files/cover/2026/11/abcdefghijkl.png';

export type Fields = {
  title: string;
  subtitle?: string;
  summary?: string;
  tags?: string[];
  lesson?: string;
  category?: CourseCategory;
};

/** A released course of one lesson with the given fields, in the current team of `token`. */
export async function listedCourse(t: TestApp, token: string, f: Fields): Promise<number> {
  const course = await createCourse(t, token, f.title);
  const lesson = await createLesson(t, token, course.courseId, f.lesson ?? '第一课');
  await writeLesson(t, token, lesson.lessonId, '内容');
  await call(t, 'POST', '/course/modify', {
    token,
    body: {
      courseId: course.courseId,
      version: course.version,
      cover: COVER,
      subtitle: f.subtitle ?? '',
      summary: f.summary ?? '一门课',
      tags: f.tags ?? [],
      price: 100,
      category: f.category ?? 'other',
    },
  });
  expect(
    (await call(t, 'POST', '/course/release', { token, body: { courseId: course.courseId } })).code,
  ).toBe(200);
  return course.courseId;
}

/** The documents' counts per category (migration 0017) equal the documents there are. */
export const docCountDriftOf = async (t: TestApp) => {
  const got = await t.app.ctx.db.execute<{ category: string }>(
    sql`select coalesce(c.category, x.category) as category from store_search_doc_counts c
        full join (select coalesce(category, '') as category, count(*)::int as n from store_search_docs group by 1) x
          on x.category = c.category
        where coalesce(c.docs, 0) <> coalesce(x.n, 0)`,
  );
  return got.rows;
};

/** The search read each way for several words: the documents holding every word read as one set first, or the other words hashed in the walk (HASH_OVER_READ 0 and Infinity). */
export const bothWaysOf = (t: TestApp): [PgStoreSearch, PgStoreSearch] => {
  const { searchDb, searchGenericDb } = t.app.ctx;
  return [
    new PgStoreSearch(searchDb, searchGenericDb, 0),
    new PgStoreSearch(searchDb, searchGenericDb, Infinity),
  ];
};

export const searchPage = async (t: TestApp, keyword: string, extra: Record<string, string> = {}) =>
  (await call<StoreListPage>(t, 'GET', '/store/list', { query: { keyword, pageSize: '50', ...extra } })).data;

export const searchTitles = async (t: TestApp, keyword: string, extra: Record<string, string> = {}) =>
  (await searchPage(t, keyword, extra)).list.map((c) => c.title);
