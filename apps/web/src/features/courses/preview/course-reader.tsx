import type { CoursePreview } from '@studio/contract';
import { Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContentView } from '../../../components/content-view/content-view.tsx';
import { CourseCover } from '../course-cover.tsx';
import './preview.css';

type PreviewLesson = CoursePreview['lessons'][number];

/** Title block of a course: cover, title, subtitle, team and author, category and tags. */
export const CourseHeader = ({ course, compact = false }: { course: CoursePreview; compact?: boolean }) => {
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

/** One lesson as a reader sees it. */
export const LessonArticle = ({
  lesson,
  index,
  headingLevel = 2,
}: {
  lesson: PreviewLesson;
  index: number;
  headingLevel?: 1 | 2;
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
      <ContentView doc={lesson.content} />
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
}: {
  course: CoursePreview;
  /** `narrow`: phone width (no side syllabus). */
  layout?: 'wide' | 'narrow';
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
              <LessonArticle key={lesson.lessonId} lesson={lesson} index={index} />
            ))}
          </div>
        </div>
      )}
    </div>
  );
};
