import type { LearnLesson } from '@studio/contract';
import { WebPaths } from '@studio/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LessonStateTag } from './lesson-state-tag.tsx';

/** 课程目录: every lesson with its state; the current one is marked. `onPick` closes the phone drawer. */
export const LessonSyllabus = ({
  courseId,
  lessons,
  currentId,
  onPick,
}: {
  courseId: number;
  lessons: LearnLesson[];
  currentId: number;
  onPick?: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('learn.player.syllabus')}>
      <ol className="learn-syllabus">
        {lessons.map((lesson, index) => {
          const current = lesson.lessonId === currentId;
          return (
            <li
              key={lesson.lessonId}
              className={current ? 'learn-syllabus-item is-current' : 'learn-syllabus-item'}
            >
              <Link
                to={WebPaths.learnCourse(courseId, lesson.lessonId)}
                aria-current={current ? 'page' : undefined}
                onClick={onPick}
                className="learn-syllabus-link"
              >
                <span className="learn-syllabus-no">{t('learn.player.lessonNo', { no: index + 1 })}</span>
                <span className="learn-syllabus-title">{lesson.title}</span>
              </Link>
              <LessonStateTag state={lesson.state} />
            </li>
          );
        })}
      </ol>
    </nav>
  );
};
