import { WebPaths } from '@studio/contract/constants';
import type { StoreCourse } from '@studio/contract';
import {
  CourseHeading,
  CourseLessons,
  LessonArticle,
  SyllabusList,
  usePrice,
  type PublicLesson,
} from './course-parts.tsx';
import { ActionLink } from './public-shell.tsx';
import { useWords } from './public-i18n.tsx';

/** A visitor buys after logging in; login comes back to the buy page. */
const LoginToBuy = ({ courseId }: { courseId: number }) => {
  const { t } = useWords();
  return (
    <div className="pp-actions">
      <ActionLink href={WebPaths.loginBack(WebPaths.storePreview(courseId))}>
        {t('store.course.loginToBuy')}
      </ActionLink>
      <p className="pp-muted">{t('store.course.loginToBuyDesc')}</p>
    </div>
  );
};

const lessonLink = (courseId: number) => (lesson: PublicLesson) =>
  `${WebPaths.storePreview(courseId)}?lesson=${lesson.lessonId}`;

/** One lesson of the buy page (`?lesson=ID`): its text when free, else a lock; previous and next. */
const LessonReader = ({ course, lessonId }: { course: StoreCourse; lessonId: number }) => {
  const { t } = useWords();
  const index = course.lessons.findIndex((l) => l.lessonId === lessonId);
  const lesson = course.lessons[index];
  const link = lessonLink(course.courseId);
  const prev = course.lessons[index - 1];
  const next = course.lessons[index + 1];
  return (
    <>
      <a href={WebPaths.storePreview(course.courseId)}>← {t('store.course.backToIntro')}</a>
      {lesson ? (
        <LessonArticle
          lesson={lesson}
          index={index}
          headingLevel={1}
          inStore
          lockedAction={<LoginToBuy courseId={course.courseId} />}
        />
      ) : (
        <div className="pp-empty">
          <h1>{t('preview.lessonNotFound')}</h1>
        </div>
      )}
      <nav className="pp-prev-next" aria-label={t('store.course.lessons')}>
        {prev ? <a href={link(prev)}>← {t('store.course.prev')}</a> : <span />}
        {next ? <a href={link(next)}>{t('store.course.next')} →</a> : <span />}
      </nav>
      <section className="pp-card" aria-labelledby="pp-syllabus">
        <h2 id="pp-syllabus" className="pp-section-title">
          {course.title}
        </h2>
        <SyllabusList lessons={course.lessons} linkTo={link} current={lessonId} />
      </section>
    </>
  );
};

/**
 * /store/preview/:courseId for a visitor: the course, its price and 登录后购买, the summary, the
 * syllabus and the free lessons' text, all in the first response.
 */
export const BuyPageView = ({ course, lessonId }: { course: StoreCourse; lessonId: number | null }) => {
  const { t } = useWords();
  const price = usePrice();
  if (lessonId !== null) return <LessonReader course={course} lessonId={lessonId} />;
  const free = course.lessons.map((lesson, index) => ({ lesson, index })).filter((l) => l.lesson.content);
  return (
    <>
      <a href={WebPaths.storeList}>← {t('store.course.back')}</a>
      <div className="pp-card">
        <CourseHeading course={course}>
          <p className="pp-muted">
            {[
              t('store.list.lessons', { count: course.lessons.length }),
              t('store.list.sales', { count: course.sales }),
              t('store.course.version', { no: course.versionNo }),
            ].join(' · ')}
          </p>
          <p className="pp-price pp-price-large">{price(course.price)}</p>
          <LoginToBuy courseId={course.courseId} />
        </CourseHeading>
      </div>
      <section className="pp-card" aria-labelledby="pp-summary">
        <h2 id="pp-summary" className="pp-section-title">
          {t('store.course.summary')}
        </h2>
        <p className="pp-summary">{course.summary}</p>
      </section>
      <section className="pp-card" aria-labelledby="pp-syllabus">
        <h2 id="pp-syllabus" className="pp-section-title">
          {t('store.course.syllabus')}{' '}
          <span className="pp-muted">
            {t('store.course.syllabusCount', { count: course.lessons.length })}
          </span>
        </h2>
        <SyllabusList lessons={course.lessons} linkTo={(l) => `#lesson-${l.lessonId}`} />
      </section>
      {free.length > 0 && (
        <section aria-labelledby="pp-free">
          <h2 id="pp-free" className="pp-section-title">
            {t('store.course.freeLessons')}
          </h2>
          {free.map(({ lesson, index }) => (
            <LessonArticle key={lesson.lessonId} lesson={lesson} index={index} />
          ))}
        </section>
      )}
    </>
  );
};

/** /wx-preview/:courseId for a visitor: the released course at phone width, free lessons whole. */
export const WxPreviewView = ({ course }: { course: StoreCourse }) => {
  const price = usePrice();
  return (
    <>
      <CourseHeading course={course}>
        <p className="pp-price">{price(course.price)}</p>
      </CourseHeading>
      <CourseLessons lessons={course.lessons} lockedAction={<LoginToBuy courseId={course.courseId} />} />
    </>
  );
};
