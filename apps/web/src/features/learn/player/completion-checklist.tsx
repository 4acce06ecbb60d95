import { CheckCircleFilled, ExclamationCircleOutlined } from '@ant-design/icons';
import type { LearnCourse, LearnLesson } from '@studio/contract';
import { WebPaths } from '@studio/contract/constants';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const isDone = (lesson: LearnLesson) => lesson.state === 'completed' || lesson.state === 'updated';

/**
 * 获得证书还需: what the learner still lacks for the certificate, by the course's rules — each lesson
 * not completed (and why: read to the end, time still to spend, quizzes unanswered or below the pass
 * mark), the course's quiz score against the pass mark, and the course exam (需通过课程考试) when the
 * release carries one.
 */
export const CompletionChecklist = ({ course }: { course: LearnCourse }) => {
  const { t } = useTranslation();
  const { passMark } = course.completion;
  const reason = (lesson: LearnLesson): string => {
    if (lesson.quizCount > 0) {
      const unanswered = lesson.quizCount - lesson.quizResults.length;
      return unanswered > 0
        ? t('learn.player.checklist.quizUnanswered', { count: unanswered })
        : t('learn.player.checklist.quizLesson', { score: lesson.score ?? 0, passMark });
    }
    return lesson.waitSeconds > 0
      ? t('learn.player.checklist.waitLesson', { count: lesson.waitSeconds })
      : t('learn.player.checklist.readLesson');
  };
  const todo = course.lessons.map((lesson, index) => ({ lesson, index })).filter((l) => !isDone(l.lesson));
  const scoreOk = course.score === null || course.score >= passMark;
  const titleId = `learn-checklist-${course.courseId}`;
  return (
    <Card size="small" className="learn-checklist">
      <h2 className="learn-checklist-title" id={titleId}>
        {t('learn.player.checklist.title')}
      </h2>
      <Typography.Text type="secondary">
        {t('learn.player.checklist.rules', { passMark })}
        {course.exam && t('learn.player.checklist.rulesExam')}
      </Typography.Text>
      <ul className="learn-checklist-list" aria-labelledby={titleId}>
        {todo.map(({ lesson, index }) => (
          <li key={lesson.lessonId}>
            <ExclamationCircleOutlined aria-hidden className="learn-checklist-todo" />{' '}
            <Link to={WebPaths.learnCourse(course.courseId, lesson.lessonId)}>
              {t('learn.player.lessonNo', { no: index + 1 })} {lesson.title}
            </Link>
            {t('learn.player.checklist.separator')}
            {reason(lesson)}
          </li>
        ))}
        {course.exam && (
          <li>
            {course.exam.passed ? (
              <CheckCircleFilled aria-hidden className="learn-checklist-ok" />
            ) : (
              <ExclamationCircleOutlined aria-hidden className="learn-checklist-todo" />
            )}{' '}
            {course.exam.passed
              ? t('learn.player.checklist.examPassed', { title: course.exam.title })
              : t('learn.player.checklist.examNeeded', { title: course.exam.title })}
          </li>
        )}
        {course.score !== null && (
          <li>
            {scoreOk ? (
              <CheckCircleFilled aria-hidden className="learn-checklist-ok" />
            ) : (
              <ExclamationCircleOutlined aria-hidden className="learn-checklist-todo" />
            )}{' '}
            {scoreOk
              ? t('learn.player.checklist.courseScoreOk', { score: course.score, passMark })
              : t('learn.player.checklist.courseScore', { score: course.score, passMark })}
          </li>
        )}
      </ul>
    </Card>
  );
};
