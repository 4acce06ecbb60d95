import { ArrowLeftOutlined, SafetyCertificateOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { LearnCourse, LearnProgress, QuizResult } from '@studio/contract';
import { Code, WebPaths } from '@studio/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Empty, Flex, Grid, Progress, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { LinkButton } from '../../store/link-button.tsx';
import { Changelog } from '../../store/preview/changelog.tsx';
import { useTeamId } from '../../../lib/current-team.ts';
import { learnKeys, useLearnCourse } from '../learn-api.ts';
import '../learn.css';
import { CompletionChecklist } from './completion-checklist.tsx';
import { CourseDoneModal } from './course-done-modal.tsx';
import { CourseExamCard } from './course-exam-card.tsx';
import { LessonSyllabus } from './lesson-syllabus.tsx';
import { LessonView } from './lesson-view.tsx';
import { useLessonKeys } from './use-lesson-keys.ts';

/** Writes the player's answers (progress, quiz results) into the cached course, so every view follows. */
const useCourseCache = (courseId: number) => {
  const client = useQueryClient();
  const teamId = useTeamId();
  const key = learnKeys.course(teamId, courseId);
  const update = (change: (course: LearnCourse) => LearnCourse) =>
    client.setQueryData<LearnCourse>(key, (course) => course && change(course));
  return {
    /** Returns whether this answer completed the course. */
    applyProgress: (p: LearnProgress): boolean => {
      const before = client.getQueryData<LearnCourse>(key);
      update((c) => ({
        ...c,
        completedCount: p.completedCount,
        lessonCount: p.lessonCount,
        progress: p.progress,
        completedAt: p.completedAt,
        certificateCode: p.certificateCode,
        score: p.score,
        lessons: c.lessons.map((l) =>
          l.lessonId === p.lessonId
            ? { ...l, state: p.state, score: p.lessonScore, waitSeconds: p.waitSeconds }
            : l,
        ),
      }));
      // 我的学习 shows progress too; it asks again when next shown.
      void client.invalidateQueries({ queryKey: learnKeys.lists(teamId) });
      return before !== undefined && before.completedAt === null && p.completedAt !== null;
    },
    applyQuizResult: (lessonId: number, result: QuizResult) =>
      update((c) => ({
        ...c,
        lessons: c.lessons.map((l) =>
          l.lessonId === lessonId
            ? { ...l, quizResults: [...l.quizResults.filter((r) => r.quizId !== result.quizId), result] }
            : l,
        ),
      })),
  };
};

const Player = ({ course }: { course: LearnCourse }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const screens = Grid.useBreakpoint();
  const wide = Boolean(screens.lg);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [celebrating, setCelebrating] = useState(false);
  const cache = useCourseCache(course.courseId);

  // ?lesson=ID, else where the learner left off, else the first lesson.
  const wanted = Number(params.get('lesson')) || course.resume?.lessonId;
  const index = Math.max(
    0,
    course.lessons.findIndex((l) => l.lessonId === wanted),
  );
  const lesson = course.lessons[index];
  const prev = course.lessons[index - 1];
  const next = course.lessons[index + 1];
  const go = (lessonId: number) => void navigate(WebPaths.learnCourse(course.courseId, lessonId));
  useLessonKeys(prev ? () => go(prev.lessonId) : null, next ? () => go(next.lessonId) : null);

  // The resume position applies to the lesson the page opened at, and only until another is shown.
  const [resumeAt, setResumeAt] = useState(() =>
    course.resume && course.resume.lessonId === lesson?.lessonId ? course.resume : null,
  );
  if (resumeAt && lesson && resumeAt.lessonId !== lesson.lessonId) setResumeAt(null);

  const onProgress = (p: LearnProgress) => {
    if (cache.applyProgress(p)) setCelebrating(true);
  };

  const syllabus = lesson && (
    <LessonSyllabus
      courseId={course.courseId}
      lessons={course.lessons}
      currentId={lesson.lessonId}
      onPick={() => setDrawerOpen(false)}
    />
  );

  return (
    <Flex vertical gap={12} className="learn-player">
      <Link to={WebPaths.learn} className="learn-back">
        <ArrowLeftOutlined aria-hidden /> {t('learn.player.back')}
      </Link>
      <Card size="small">
        <Flex align="center" gap={12} wrap>
          {!wide && lesson && (
            <Button
              icon={<UnorderedListOutlined aria-hidden />}
              aria-label={t('learn.player.openSyllabus')}
              onClick={() => setDrawerOpen(true)}
            >
              {t('learn.player.syllabus')}
            </Button>
          )}
          <div className="learn-course-name">{course.title}</div>
          <Flex align="center" gap={8} className="learn-course-progress">
            <Typography.Text type="secondary">{t('learn.player.courseProgress')}</Typography.Text>
            <Progress
              percent={course.progress}
              size="small"
              aria-label={t('learn.player.courseProgress')}
              format={() =>
                t('learn.player.progressText', { done: course.completedCount, total: course.lessonCount })
              }
              style={{ flex: 1, margin: 0, minWidth: 120 }}
            />
          </Flex>
        </Flex>
      </Card>
      {course.completedAt !== null && (
        <Alert
          type="success"
          showIcon
          title={t('learn.player.courseDone')}
          action={
            course.certificateCode && (
              <LinkButton
                size="small"
                icon={<SafetyCertificateOutlined aria-hidden />}
                to={WebPaths.certificate(course.certificateCode)}
              >
                {t('learn.list.certificate')}
              </LinkButton>
            )
          }
        />
      )}
      {course.completedAt === null && course.lessons.length > 0 && <CompletionChecklist course={course} />}
      <CourseExamCard course={course} />
      {!lesson ? (
        <Card>
          <Empty description={t('learn.player.noLessons')} />
        </Card>
      ) : (
        <div className={wide ? 'learn-layout is-wide' : 'learn-layout'}>
          {wide && (
            <Card
              size="small"
              className="learn-syllabus-card"
              title={<h2 className="learn-syllabus-heading">{t('learn.player.syllabus')}</h2>}
              styles={{ body: { padding: 8 } }}
            >
              {syllabus}
              <Typography.Text type="secondary" className="learn-key-hint">
                {t('learn.player.keyHint')}
              </Typography.Text>
            </Card>
          )}
          <Card className="learn-lesson-card">
            <LessonView
              key={lesson.lessonId}
              courseId={course.courseId}
              course={course}
              lesson={lesson}
              completion={course.completion}
              index={index}
              startAt={resumeAt?.lessonId === lesson.lessonId ? resumeAt.position : null}
              onPrev={prev ? () => go(prev.lessonId) : null}
              onNext={next ? () => go(next.lessonId) : null}
              onProgress={onProgress}
              onQuizResult={cache.applyQuizResult}
            />
          </Card>
        </div>
      )}
      <Changelog courseId={course.courseId} />
      {!wide && (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement="left"
          size={300}
          title={t('learn.player.syllabus')}
          styles={{ body: { padding: 8 } }}
        >
          {syllabus}
        </Drawer>
      )}
      <CourseDoneModal
        open={celebrating}
        title={course.title}
        certificateCode={course.certificateCode}
        onClose={() => setCelebrating(false)}
      />
    </Flex>
  );
};

/** /learn/course/:courseId?lesson=ID: the course player. */
export const LearnCoursePage = () => {
  const { t } = useTranslation();
  const courseId = Number(useParams().courseId);
  const course = useLearnCourse(courseId);
  useDocumentTitle(course.data?.title ?? t('learn.title'));
  const valid = Number.isInteger(courseId) && courseId > 0;

  if (course.data) return <Player course={course.data} />;
  if (course.isPending && valid) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  const code = isApiError(course.error) ? course.error.code : 0;
  const missing = !valid || code === Code.NOT_FOUND || code === Code.BAD_REQUEST;
  return (
    <Result
      status={missing ? '404' : 'warning'}
      title={missing ? t('learn.player.notFound') : t('learn.player.loadFailed')}
      subTitle={missing ? t('learn.player.notFoundDesc') : course.error?.message}
      extra={
        <Flex gap={12} justify="center" wrap>
          {!missing && <Button onClick={() => void course.refetch()}>{t('common.retry')}</Button>}
          <LinkButton to={WebPaths.learn} type="primary">
            {t('learn.player.back')}
          </LinkButton>
        </Flex>
      }
    />
  );
};
