import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { QueryView } from '../../components/query-view.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useTeamId } from '../../lib/current-team.ts';
import { commentApi, commentKeys } from './comments-api.ts';

/** The course page's 待处理的评论: open threads per lesson, each linking to its lesson's panel. */
export const CourseComments = ({ courseId }: { courseId: number }) => {
  const { t } = useTranslation();
  const teamId = useTeamId();
  const query = useQuery({
    queryKey: commentKeys.course(teamId, courseId),
    queryFn: () => commentApi.course(courseId),
  });
  return (
    <Card size="small" title={t('comments.course.title')} data-course-comments>
      <QueryView query={query}>
        {(data) =>
          data.total === 0 ? (
            <Empty description={t('comments.course.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Flex vertical gap={8}>
              <Typography.Text type="secondary">
                {t('comments.course.total', { count: data.total })}
              </Typography.Text>
              {data.lessons.map((lesson) => (
                <Flex vertical key={lesson.lessonId} data-lesson-comments={lesson.lessonId}>
                  <Flex gap={8} align="baseline">
                    <Link to={`${WebPaths.lesson(courseId, lesson.lessonId)}?comments=1`}>
                      {lesson.title}
                    </Link>
                    <Typography.Text type="secondary">
                      {t('comments.course.lessonCount', { count: lesson.openCount })}
                    </Typography.Text>
                  </Flex>
                  <List
                    size="small"
                    dataSource={data.list.filter((th) => th.lessonId === lesson.lessonId)}
                    renderItem={(th) => (
                      <List.Item>
                        <Link to={`${WebPaths.lesson(courseId, lesson.lessonId)}?comment=${th.commentId}`}>
                          <Typography.Text ellipsis style={{ maxWidth: 480 }}>
                            {th.author?.nickName ?? t('comments.deletedUser')}：{th.body}
                          </Typography.Text>
                        </Link>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {formatDateTime(th.createTime)}
                        </Typography.Text>
                      </List.Item>
                    )}
                  />
                </Flex>
              ))}
            </Flex>
          )
        }
      </QueryView>
    </Card>
  );
};
