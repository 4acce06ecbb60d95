import { ArrowLeftOutlined, LeftOutlined, LockOutlined, RightOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentView } from '../../../components/content-view/content-view.tsx';
import { LinkButton } from '../link-button.tsx';
import type { BuyCourse } from './buy-page-view.tsx';
import { Syllabus } from './syllabus.tsx';

/**
 * Reading a course's lesson: the syllabus beside the lesson's content, previous and next. A locked
 * lesson says so and offers the buy actions. Loaded on demand: the content renderer is large.
 */
export const LessonReader = ({
  course,
  lessonId,
  linkTo,
  introTo,
  lockedActions,
}: {
  course: BuyCourse;
  lessonId: number;
  linkTo: (lessonId: number) => string;
  introTo: string;
  lockedActions?: ReactNode;
}) => {
  const { t } = useTranslation();
  const index = course.lessons.findIndex((l) => l.lessonId === lessonId);
  const lesson = course.lessons[index];
  const prev = course.lessons[index - 1];
  const next = course.lessons[index + 1];

  let body;
  if (!lesson) {
    body = <Empty description={t('store.course.emptyLesson')} />;
  } else if (lesson.content === null) {
    body = (
      <Result
        icon={<LockOutlined aria-hidden />}
        title={t('store.course.lockedTitle')}
        subTitle={t('store.course.lockedDesc')}
        extra={<Flex justify="center">{lockedActions}</Flex>}
      />
    );
  } else {
    body = <ContentView doc={lesson.content} />;
  }

  return (
    <Flex vertical gap={12}>
      <Link to={introTo}>
        <ArrowLeftOutlined aria-hidden /> {t('store.course.backToIntro')}
      </Link>
      <div className="store-reader">
        <Card
          className="store-reader-nav"
          size="small"
          title={<h2 style={{ fontSize: 14, margin: 0 }}>{course.title}</h2>}
          styles={{ body: { padding: 0 } }}
        >
          <nav aria-label={t('store.course.lessons')}>
            <Syllabus lessons={course.lessons} linkTo={linkTo} current={lessonId} compact />
          </nav>
        </Card>
        <Card>
          <article>
            {lesson && (
              <h1 style={{ fontSize: 22, marginTop: 0 }}>
                {t('store.course.lessonNo', { no: index + 1 })} · {lesson.title}
              </h1>
            )}
            {body}
          </article>
          <Flex justify="space-between" gap={12} wrap style={{ marginTop: 24 }}>
            {prev ? (
              <LinkButton to={linkTo(prev.lessonId)} icon={<LeftOutlined aria-hidden />}>
                {t('store.course.prev')}
              </LinkButton>
            ) : (
              <span />
            )}
            {next && (
              <LinkButton to={linkTo(next.lessonId)} icon={<RightOutlined aria-hidden />} iconPlacement="end">
                {t('store.course.next')}
              </LinkButton>
            )}
          </Flex>
        </Card>
      </div>
    </Flex>
  );
};
