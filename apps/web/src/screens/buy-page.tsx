import type { StoreCourse } from '@studio/contract';
import type { ReactNode } from 'react';
import {
  CourseHeading,
  CourseSummary,
  LessonArticle,
  SyllabusList,
  useMediaDuration,
  usePrice,
  type PublicLesson,
} from './course-parts.tsx';
import { useParts } from './parts.tsx';
import { useWords } from './words.tsx';

/**
 * What a buy page shows: the store's course, or the author's draft in the same shape (price null: not
 * set yet; no sales or version before a release).
 */
export type BuyCourse = Pick<
  StoreCourse,
  'title' | 'subtitle' | 'summary' | 'cover' | 'category' | 'tags' | 'teamName' | 'authorName'
> & {
  price: number | null;
  lessons: PublicLesson[];
  versionNo?: number;
  sales?: number;
  /** The course (its free lessons' media play by it). */
  courseId?: number;
  /** The lessons' video and audio time, ms (none: no media, or the author's draft). */
  mediaMs?: number | null;
};

type Links = {
  /** The page of the course's introduction. */
  introHref: string;
  /** Where a readable lesson is read. */
  lessonHref: (lessonId: number) => string;
  /** 返回商城 above the introduction (none when embedded or previewed). */
  backHref?: string;
};

/** One lesson of the buy page (`?lesson=ID`): its text when readable, else a lock; previous and next. */
const LessonReader = ({
  course,
  lessonId,
  actions,
  attachments,
  introHref,
  lessonHref,
}: { course: BuyCourse; lessonId: number; actions?: ReactNode; attachments?: ReactNode } & Links) => {
  const { t } = useWords();
  const { Link } = useParts();
  const index = course.lessons.findIndex((l) => l.lessonId === lessonId);
  const lesson = course.lessons[index];
  const prev = course.lessons[index - 1];
  const next = course.lessons[index + 1];
  return (
    <>
      <Link href={introHref}>← {t('store.course.backToIntro')}</Link>
      {lesson ? (
        <>
          <LessonArticle
            lesson={lesson}
            index={index}
            headingLevel={1}
            inStore
            lockedAction={actions}
            courseId={course.courseId}
          />
          {attachments}
        </>
      ) : (
        <div className="pp-card pp-empty">
          <h1>{t('preview.lessonNotFound')}</h1>
        </div>
      )}
      <nav className="pp-prev-next" aria-label={t('store.course.lessons')}>
        {prev ? (
          <Link href={lessonHref(prev.lessonId)} className="pp-button">
            ← {t('store.course.prev')}
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link href={lessonHref(next.lessonId)} className="pp-button">
            {t('store.course.next')} →
          </Link>
        ) : (
          <span />
        )}
      </nav>
      <section className="pp-card" aria-labelledby="pp-syllabus">
        <h2 id="pp-syllabus" className="pp-section-title">
          {course.title}
        </h2>
        <SyllabusList lessons={course.lessons} linkTo={(l) => lessonHref(l.lessonId)} current={lessonId} />
      </section>
    </>
  );
};

/**
 * The buy page (/store/preview/:courseId; the embedded page; the author's preview of it): cover,
 * title, price, `actions`, the summary, the syllabus and the free lessons' text; with `lessonId`, that
 * lesson's reader. The server renders it for visitors and the app for members, from the same tree.
 */
export const BuyPage = ({
  course,
  lessonId = null,
  actions,
  after,
  attachments,
  ...links
}: {
  course: BuyCourse;
  lessonId?: number | null;
  actions?: ReactNode;
  /** The read lesson's 附件 (`lessonId`): names for everyone, downloads for whoever may read it. */
  attachments?: ReactNode;
  /** Under the introduction (the app's 更新日志). */
  after?: ReactNode;
} & Links) => {
  const { t } = useWords();
  const { Link } = useParts();
  const price = usePrice();
  const duration = useMediaDuration();
  if (lessonId !== null)
    return (
      <LessonReader
        course={course}
        lessonId={lessonId}
        actions={actions}
        attachments={attachments}
        {...links}
      />
    );
  const free = course.lessons.map((lesson, index) => ({ lesson, index })).filter((l) => l.lesson.content);
  const stats = [
    t('store.list.lessons', { count: course.lessons.length }),
    duration(course.mediaMs),
    course.sales !== undefined ? t('store.list.sales', { count: course.sales }) : null,
    course.versionNo !== undefined ? t('store.course.version', { no: course.versionNo }) : null,
  ].filter(Boolean);
  return (
    <>
      {links.backHref && <Link href={links.backHref}>← {t('store.course.back')}</Link>}
      <div className="pp-card">
        <CourseHeading course={course}>
          <p className="pp-muted">{stats.join(' · ')}</p>
          <p className="pp-price pp-price-large" data-testid="buy-price">
            {price(course.price)}
          </p>
          {actions}
        </CourseHeading>
      </div>
      <CourseSummary summary={course.summary} />
      <section className="pp-card" aria-labelledby="pp-syllabus">
        <h2 id="pp-syllabus" className="pp-section-title">
          {t('store.course.syllabus')}{' '}
          <span className="pp-muted">
            {t('store.course.syllabusCount', { count: course.lessons.length })}
          </span>
        </h2>
        {course.lessons.length === 0 ? (
          <p className="pp-muted">{t('preview.noLessons')}</p>
        ) : (
          <SyllabusList lessons={course.lessons} linkTo={(l) => links.lessonHref(l.lessonId)} />
        )}
      </section>
      {after}
      {free.length > 0 && (
        <section aria-labelledby="pp-free" className="pp-stack">
          <h2 id="pp-free" className="pp-section-title">
            {t('store.course.freeLessons')}
          </h2>
          {free.map(({ lesson, index }) => (
            <LessonArticle key={lesson.lessonId} lesson={lesson} index={index} courseId={course.courseId} />
          ))}
        </section>
      )}
    </>
  );
};
