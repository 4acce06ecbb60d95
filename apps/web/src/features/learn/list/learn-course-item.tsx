import { PlayCircleOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { LearnCourseItem } from '@studio/contract';
import { WebPaths } from '@studio/contract/constants';
import { Card, Flex, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { CourseCover } from '../../courses/course-cover.tsx';
import { LinkButton } from '../../store/link-button.tsx';

/** One course of 我的学习: cover, title, team, progress, when last studied, and the way back in. */
export const LearnCourseCard = ({ item }: { item: LearnCourseItem }) => {
  const { t } = useTranslation();
  const titleId = `learn-item-${item.courseId}`;
  const open = WebPaths.learnCourse(item.courseId, item.resumeLessonId);
  const done = item.completedAt !== null;
  const progressText = t('learn.list.progressText', { done: item.completedCount, total: item.lessonCount });
  return (
    <Card size="small">
      <article className="learn-item" aria-labelledby={titleId}>
        <div className="learn-item-cover">
          <CourseCover src={item.cover} title={item.title} />
        </div>
        <Flex vertical gap={6} style={{ minWidth: 0 }}>
          <Flex gap={8} align="center" wrap>
            <h2 className="learn-item-title" id={titleId}>
              {item.title}
            </h2>
            <Tag variant="filled">{t(`learn.source.${item.source}`)}</Tag>
            {done && (
              <Tag color="green" variant="filled">
                {t('learn.list.completed')}
              </Tag>
            )}
          </Flex>
          <Typography.Text type="secondary">
            {item.teamName} · {t('learn.list.lessons', { count: item.lessonCount })}
          </Typography.Text>
          <div className="learn-item-progress">
            <Progress
              percent={item.progress}
              size="small"
              aria-label={t('learn.list.progress')}
              aria-valuetext={progressText}
              format={() => `${item.completedCount}/${item.lessonCount}`}
            />
          </div>
          <Typography.Text type="secondary">
            {item.completedAt !== null
              ? t('learn.list.completedAt', { date: formatDate(item.completedAt) })
              : item.lastStudiedAt !== null
                ? t('learn.list.lastStudied', { time: formatDateTime(item.lastStudiedAt) })
                : t('learn.list.notStarted')}
          </Typography.Text>
          <Flex gap={8} wrap style={{ marginTop: 4 }}>
            {done ? (
              <>
                {item.certificateCode && (
                  <LinkButton
                    type="primary"
                    icon={<SafetyCertificateOutlined aria-hidden />}
                    to={WebPaths.certificate(item.certificateCode)}
                  >
                    {t('learn.list.certificate')}
                  </LinkButton>
                )}
                <LinkButton to={open}>{t('learn.list.review')}</LinkButton>
              </>
            ) : (
              <LinkButton type="primary" icon={<PlayCircleOutlined aria-hidden />} to={open}>
                {item.lastStudiedAt !== null ? t('learn.list.resume') : t('learn.list.start')}
              </LinkButton>
            )}
          </Flex>
        </Flex>
      </article>
    </Card>
  );
};
