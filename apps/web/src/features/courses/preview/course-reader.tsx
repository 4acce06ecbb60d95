import { LockOutlined } from '@ant-design/icons';
import type { CoursePreview, DocNode } from '@studio/contract';
import { Empty, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentView } from '../../../components/content-view/content-view.tsx';
import { CourseCover } from '../course-cover.tsx';
import './preview.css';

/** A lesson whose content is null is locked (a shared paid course: bought, not given). */
type PreviewLesson = Omit<CoursePreview['lessons'][number], 'content'> & { content: DocNode | null };
type ReaderCourse = Omit<CoursePreview, 'lessons'> & { lessons: PreviewLesson[] };

/** Title block of a course: cover, title, subtitle, team and author, category and tags. */
export const CourseHeader = ({ course, compact = false }: { course: ReaderCourse; compact?: boolean }) => {
  const { t } = useTranslation();
  return (
    <header className={compact ? 'reader-header reader-header-compact' : 'reader-header'}>
      <div className="reader-cover">
        <CourseCover src={course.cover} title={course.title} priority />
      </div>
      <div className="reader-heading">
        <h1 className="reader-title">{course.title}</h1>
        {course.subtitle && <p className="reader-subtitle">{course.subtitle}</p>}
        <Typography.Text type="secondary">
          {t('preview.byline', { team: course.teamName, author: course.authorName })}
        </Typography.Text>
        <Flex gap={4} wrap style={{ marginTop: 8 }}>
          {course.category && <Tag color="blue">{t(`course.category.${course.category}`)}</Tag>}
          {course.tags.map((tag) => (
            <Tag key={tag}>{tag}</Tag>
          ))}
        </Flex>
      </div>
    </header>
  );
};

/** One lesson as a reader sees it; a locked one says so and offers `lockedAction` (buy). */
export const LessonArticle = ({
  lesson,
  index,
  headingLevel = 2,
  lockedAction,
}: {
  lesson: PreviewLesson;
  index: number;
  headingLevel?: 1 | 2;
  lockedAction?: ReactNode;
}) => {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article
      className="reader-lesson"
      id={`lesson-${lesson.lessonId}`}
      aria-labelledby={`lesson-title-${lesson.lessonId}`}
    >
      <div className="reader-lesson-no">{t('preview.lessonNo', { n: index + 1 })}</div>
      <Heading className="reader-lesson-title" id={`lesson-title-${lesson.lessonId}`}>
        {lesson.title}
      </Heading>
      {lesson.content ? (
        <ContentView doc={lesson.content} />
      ) : (
        <Flex className="reader-locked" vertical align="center" gap={8}>
          <LockOutlined aria-hidden className="reader-locked-icon" />
          <strong>{t('preview.lockedTitle')}</strong>
          <Typography.Text type="secondary">{t('preview.lockedDesc')}</Typography.Text>
          {lockedAction}
        </Flex>
      )}
    </article>
  );
};

/** 课程目录: numbered lesson titles linking to their place on the page. */
export const Syllabus = ({ lessons }: { lessons: PreviewLesson[] }) => {
  const { t } = useTranslation();
  return (
    <nav className="reader-syllabus" aria-label={t('preview.syllabus')}>
      <div className="reader-syllabus-title">{t('preview.syllabus')}</div>
      <ol>
        {lessons.map((lesson) => (
          <li key={lesson.lessonId}>
            <a href={`#lesson-${lesson.lessonId}`}>{lesson.title}</a>
            {lesson.content === null && (
              <LockOutlined role="img" aria-label={t('preview.locked')} className="reader-syllabus-lock" />
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
};

/** The whole course, read-only: header, summary, syllabus, then every lesson. */
export const CourseReader = ({
  course,
  layout = 'wide',
  lockedAction,
}: {
  course: ReaderCourse;
  /** `narrow`: phone width (no side syllabus). */
  layout?: 'wide' | 'narrow';
  /** Shown in each locked lesson (content null), e.g. a buy button. */
  lockedAction?: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <div className={`reader reader-${layout}`}>
      <CourseHeader course={course} compact={layout === 'narrow'} />
      {course.summary && <p className="reader-summary">{course.summary}</p>}
      {course.lessons.length === 0 ? (
        <Empty description={t('preview.noLessons')} />
      ) : (
        <div className="reader-body">
          <Syllabus lessons={course.lessons} />
          <div className="reader-lessons">
            {course.lessons.map((lesson, index) => (
              <LessonArticle
                key={lesson.lessonId}
                lesson={lesson}
                index={index}
                lockedAction={lockedAction}
              />
            ))}
          </div>
        </div>
      )}
    </div>
  );
};
