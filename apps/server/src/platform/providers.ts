/**
 * Upward queries between modules (docs/decisions/module-meeting.md): when a lower module must ask a
 * higher one something (courses asks collab to store what is typed live; learning and the store ask
 * media for durations), the higher module registers a typed provider here from its face's
 * `register(ctx)`, and the lower one asks `ctx.providers` by name, never importing it. "When X
 * happens, also do Y" is a domain event instead (domain-events.ts). Each key's type is written here,
 * so platform names what is offered without importing any module.
 */
import type { AiJobKind, DocNode, ReleaseCheck } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { AiJobRow, CourseRow } from '../db/schema.ts';
import type { TeamCtx } from './auth.ts';
import type { AppContext } from './context.ts';

/** Runs one lesson of an AI job (a queue worker's step, or in process without a queue). */
export type AiLessonRunner = (
  ctx: AppContext,
  job: AiJobRow,
  idx: number,
  log: FastifyBaseLogger,
) => Promise<void>;

/** Lesson texts held in live co-editing documents (modules/collab). */
export type LiveLessons = {
  /** Puts a lesson's new text (a REST save, a restore) into its live document as an ordinary change. */
  replaceContent(lessonId: number, content: DocNode): Promise<void>;
  /** Stores now what live documents of these lessons hold, here and (with Redis) in other processes. */
  flush(lessonIds: readonly number[]): Promise<void>;
  /** The lessons whose live documents this process holds now (none: nothing to flush). */
  openLessonIds(): number[];
  /** With several processes (Redis), the course's lessons someone edits live on any of them. */
  openElsewhere(courseId: number): Promise<number[]>;
};

type ReleaseWarning = ReleaseCheck['warnings'][number];
/** What a module warns about before a release (null: nothing); it never blocks the release. */
export type ReleaseWarningSource = (
  db: Db,
  course: { teamId: number; courseId: number },
  lessons: { lessonId: number; title: string }[],
) => Promise<ReleaseWarning | null>;

/** A team's lessons, courses and live shares, as courses decides them (asked by attachments and exams, below it). */
export type LessonGate = {
  /** The team's course (another team's, or none: 404): a course exam's owner. */
  courseOfTeam(c: TeamCtx, courseId: number): Promise<CourseRow>;
  /** The team's lesson and its course (another team's, or none: 404). */
  lessonOfTeam(c: TeamCtx, lessonId: number): Promise<{ lessonId: number; course: CourseRow }>;
  /** A live share's course (an unknown, revoked or expired share: 404). */
  sharedCourse(ctx: AppContext, shareId: string): Promise<{ courseId: number; teamId: number }>;
};

/** What exams answers learning about the exams released with courses. */
export type CourseExams = {
  releasedExam(db: Db, releaseId: number): Promise<{ examId: number; title: string } | null>;
  /**
   * The best score and whether it passed, over the course's released exams, and the best pass (its
   * score and that copy's pass mark, for the certificate); null: never handed in.
   */
  standing(
    db: Db,
    q: { teamId: number; userId: number; courseId: number },
  ): Promise<{
    passed: boolean;
    bestScore: number | null;
    bestPass: { score: number; passPercent: number } | null;
  } | null>;
};

/** One kind of lesson asset's part of the hourly sweep (modules/assets' asset-sweep.ts): what it freed, by name. */
export type AssetSweeper = (ctx: AppContext, now: number) => Promise<Record<string, number>>;

/** Every provider key: who registers it → who asks. */
export type ProviderTypes = {
  /** courses → attachments, exams: whose lesson, course or share a request names. */
  'courses.lessonGate': LessonGate;
  /** media, attachments → assets: each kind frees what nothing refers to any more. */
  'assets.sweepers': AssetSweeper;
  /** media → learning (watch progress), store (a course's duration): probed ms by id. */
  'media.durations': (teamId: number, ids: readonly number[]) => Promise<Map<number, number>>;
  /**
   * media (app.ts for now) → learning (completion): those of the ids still being transcoded (playing
   * while their first rendition grows, issue 47.4): no lesson completes on a media not fully there.
   */
  'media.unfinished': (teamId: number, ids: readonly number[]) => Promise<Set<number>>;
  /** collab → courses: a release, a preview or a save sees what is typed live. */
  'collab.liveLessons': LiveLessons;
  /** comments (and any other) → courses: warnings of the release check (unresolved threads). */
  'courses.releaseWarnings': ReleaseWarningSource;
  /** ai → its own lesson queue (jobs/ai.jobs.ts): a job's lessons run by its kind's runner. */
  'ai.lessonRunners': Readonly<Record<AiJobKind, AiLessonRunner>>;
  /**
   * exams → learning (completion): the exam a course release carries (null: none), and whether a
   * learner passed one of the course's released exams (a pass before a new release still counts).
   */
  'exams.courseExams': CourseExams;
  /** store → notifications: who bought a sold course (paid orders), per team, with its store title. */
  'store.courseBuyers': (
    db: Db,
    courseId: number,
  ) => Promise<{ teamId: number; userId: number; title: string }[]>;
};
export type ProviderKey = keyof ProviderTypes;

/** The app's providers: registered once at app build time, asked on every call. */
export class Providers {
  private readonly byKey = new Map<ProviderKey, unknown[]>();

  /** Adds a provider of `key` (a key may have several: `all`); the same one twice is one. */
  provide<K extends ProviderKey>(key: K, provider: ProviderTypes[K]): void {
    const list = this.byKey.get(key) ?? [];
    if (!list.includes(provider)) list.push(provider);
    this.byKey.set(key, list);
  }

  /** The key's provider, null while none is registered (the asker decides what that means). */
  one<K extends ProviderKey>(key: K): ProviderTypes[K] | null {
    const list = this.all(key);
    if (list.length > 1) throw new Error(`${key}: ${list.length} providers where one is expected`);
    return list[0] ?? null;
  }

  /** Every provider of the key, in registration order. */
  all<K extends ProviderKey>(key: K): readonly ProviderTypes[K][] {
    // Only values given for `key` are stored under it (provide's signature).
    return (this.byKey.get(key) ?? []) as ProviderTypes[K][];
  }
}
