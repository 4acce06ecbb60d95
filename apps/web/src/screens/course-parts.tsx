import type { DocNode, LessonSummary } from '@studio/contract';
import type { ImageSize } from '@studio/contract/constants';
import type { ReactNode } from 'react';
import { priceLabel } from '@studio/contract/constants';
import { safeUrl } from '../components/content-view/doc-filter.ts';
import { Picture } from '../components/picture.tsx';
import { useParts } from './parts.tsx';
import { useWords } from './words.tsx';

export type PublicLesson = LessonSummary & { content: DocNode | null };
export type PublicCourse = {
  title: string;
  subtitle: string;
  cover: string;
  teamName: string;
  authorName: string;
  category: string | null;
  tags: string[];
  lessons: PublicLesson[];
  /** The course (its lessons' media play by it); absent in a few tests' fixtures. */
  courseId?: number;
};

/** A course's price: ¥ and yuan from fen, 免费, or 未定价 (an author's draft without a price). */
export const usePrice = () => {
  const { t } = useWords();
  return (fen: number | null) =>
    fen === null ? t('course.price.unset') : priceLabel(fen, t('store.price.free'));
};

/**
 * A course's total video and audio time (共 1 小时 20 分钟, "1 h 20 min"), in whole minutes (at least
 * one), or null when it has none.
 */
export const useMediaDuration = () => {
  const { t } = useWords();
  return (ms: number | null | undefined): string | null => {
    if (!ms) return null;
    const minutes = Math.max(1, Math.round(ms / 60_000));
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    if (h === 0) return t('store.duration.m', { m });
    return m === 0 ? t('store.duration.h', { h }) : t('store.duration.hm', { h, m });
  };
};

/** A small lock; named for screen readers when it is all that says so (a syllabus row). */
export const LockIcon = ({ label }: { label?: string }) => (
  <svg
    className="pp-lock-icon"
    {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    viewBox="0 0 16 16"
    width="14"
    height="14"
  >
    <path
      fill="currentColor"
      d="M4 7V5a4 4 0 1 1 8 0v2h.5A1.5 1.5 0 0 1 14 8.5v6a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 14.5v-6A1.5 1.5 0 0 1 3.5 7H4zm1.5 0h5V5a2.5 2.5 0 0 0-5 0v2z"
    />
  </svg>
);

/**
 * The cover at a fixed 16:9 box (the space is kept before the image arrives: no layout shift). The
 * first screen's cover loads first, at high priority; the rest lazily.
 */
export const Cover = ({
  src,
  title,
  priority,
  size,
}: {
  src: string;
  title: string;
  priority: boolean;
  /** `sm` on the store's cards, `lg` as a course page's main picture. */
  size: ImageSize;
}) => {
  const { t } = useWords();
  const url = safeUrl(src);
  return url ? (
    <Picture
      url={url}
      size={size}
      className="pp-cover"
      alt={t('store.list.coverAlt', { title })}
      width={640}
      height={360}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
    />
  ) : (
    <div className="pp-cover pp-cover-empty">{t('store.list.noCover')}</div>
  );
};

export const Tags = ({ course }: { course: Pick<PublicCourse, 'category' | 'tags'> }) => {
  const { t } = useWords();
  if (!course.category && course.tags.length === 0) return null;
  return (
    <ul className="pp-tags">
      {course.category && (
        <li className="pp-tag pp-tag-blue">
          {t(`store.category.${course.category}` as 'store.category.other')}
        </li>
      )}
      {course.tags.map((tag) => (
        <li key={tag} className="pp-tag">
          {tag}
        </li>
      ))}
    </ul>
  );
};

/** Cover, title, subtitle, team and author, category and tags. */
export const CourseHeading = ({ course, children }: { course: PublicCourse; children?: ReactNode }) => {
  const { t } = useWords();
  return (
    <header className="pp-hero">
      <Cover src={course.cover} title={course.title} priority size="lg" />
      <div className="pp-hero-text">
        <h1 className="pp-title">{course.title}</h1>
        {course.subtitle && <p className="pp-subtitle">{course.subtitle}</p>}
        <p className="pp-muted">
          {t('preview.byline', { team: course.teamName, author: course.authorName })}
        </p>
        <Tags course={course} />
        {children}
      </div>
    </header>
  );
};

/** 课程简介, when the course has one. */
export const CourseSummary = ({ summary }: { summary: string }) => {
  const { t } = useWords();
  if (!summary) return null;
  return (
    <section className="pp-card" aria-labelledby="pp-summary">
      <h2 id="pp-summary" className="pp-section-title">
        {t('store.course.summary')}
      </h2>
      <p className="pp-summary">{summary}</p>
    </section>
  );
};

/**
 * 课程目录: numbered titles; 试看 on free lessons, a lock on the rest. Readable lessons link to where
 * they are read (`linkTo`).
 */
export const SyllabusList = ({
  lessons,
  linkTo,
  current,
}: {
  lessons: PublicLesson[];
  linkTo: (lesson: PublicLesson) => string;
  current?: number | null;
}) => {
  const { t } = useWords();
  const { Link } = useParts();
  return (
    <ol className="pp-syllabus">
      {lessons.map((lesson, index) => {
        const readable = lesson.content !== null;
        const label = (
          <>
            <span className="pp-lesson-no">{t('store.course.lessonNo', { no: index + 1 })}</span>
            <span className="pp-lesson-title">{lesson.title}</span>
          </>
        );
        return (
          <li
            key={lesson.lessonId}
            className="pp-syllabus-row"
            aria-current={current === lesson.lessonId ? 'page' : undefined}
          >
            {readable ? (
              // Named by what it shows (第 1 课 and the title), as WCAG 2.5.3 asks.
              <Link href={linkTo(lesson)} className="pp-syllabus-link">
                {label}
              </Link>
            ) : (
              <span className="pp-syllabus-link">{label}</span>
            )}
            {lesson.freePreview && (
              <span className="pp-tag pp-tag-green">{t('store.course.freePreview')}</span>
            )}
            {lesson.durationMin > 0 && (
              <span className="pp-muted pp-nowrap">
                {t('store.course.minutes', { count: lesson.durationMin })}
              </span>
            )}
            {!readable && (
              <span className="pp-lock">
                <LockIcon label={t('store.course.locked')} />
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
};

/** One lesson as a reader sees it; a locked one says so and offers `lockedAction` (buy). */
export const LessonArticle = ({
  lesson,
  index,
  lockedAction,
  headingLevel = 2,
  inStore = false,
  courseId,
  shareId,
  attachments,
}: {
  lesson: PublicLesson;
  courseId?: number;
  /** On a share's page: the share, named when its media are played. */
  shareId?: string;
  /** The lesson's attachments, shown under it whether it is locked or not. */
  attachments?: ReactNode;
  index: number;
  lockedAction?: ReactNode;
  headingLevel?: 1 | 2;
  /** The buy page's wording of a lock (the readers say 付费课时, as the app's do). */
  inStore?: boolean;
}) => {
  const { t } = useWords();
  const { Content } = useParts();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article
      className="pp-card pp-lesson"
      id={`lesson-${lesson.lessonId}`}
      aria-labelledby={`lesson-title-${lesson.lessonId}`}
    >
      <p className="pp-muted">{t('store.course.lessonNo', { no: index + 1 })}</p>
      <Heading className="pp-lesson-heading" id={`lesson-title-${lesson.lessonId}`}>
        {lesson.title}
      </Heading>
      {lesson.content ? (
        <Content
          doc={lesson.content}
          place={{ courseId, lessonId: lesson.lessonId, paid: !lesson.freePreview, shareId }}
        />
      ) : (
        <div className="pp-locked">
          <LockIcon />
          <strong>{inStore ? t('store.course.lockedTitle') : t('preview.lockedTitle')}</strong>
          <p className="pp-muted">{inStore ? t('store.course.lockedDesc') : t('preview.lockedDesc')}</p>
          {lockedAction}
        </div>
      )}
      {attachments}
    </article>
  );
};

/** A whole course on one page (the share and the phone preview): 课程目录, then every lesson. */
export const CourseLessons = ({
  lessons,
  lockedAction,
  courseId,
  shareId,
  attachmentsOf,
}: {
  lessons: PublicLesson[];
  lockedAction?: ReactNode;
  courseId?: number;
  shareId?: string;
  attachmentsOf?: (lessonId: number) => ReactNode;
}) => {
  const { t } = useWords();
  return (
    <>
      <section className="pp-card" aria-labelledby="pp-syllabus">
        <h2 id="pp-syllabus" className="pp-section-title">
          {t('preview.syllabus')}
        </h2>
        <SyllabusList lessons={lessons} linkTo={(l) => `#lesson-${l.lessonId}`} />
      </section>
      {lessons.length === 0 && <p className="pp-empty">{t('preview.noLessons')}</p>}
      {lessons.map((lesson, index) => (
        <LessonArticle
          key={lesson.lessonId}
          lesson={lesson}
          index={index}
          lockedAction={lockedAction}
          courseId={courseId}
          shareId={shareId}
          attachments={attachmentsOf?.(lesson.lessonId)}
        />
      ))}
    </>
  );
};
