import { CopyOutlined, DeleteOutlined, EditOutlined, MoreOutlined } from '@ant-design/icons';
import type { Course } from '@studio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Dropdown, Flex, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { formatDateTime } from '../../lib/format.ts';
import { courseApi } from '../courses/course-api.ts';
import { CourseCover } from '../courses/course-cover.tsx';
import { CourseStatusTag, UnreleasedTag, usePriceText } from '../courses/course-bits.tsx';
import { useTeamId, useTeamWritable } from '../../lib/current-team.ts';
import './author.css';

const COLS = { xs: 24, sm: 12, lg: 8, xl: 6 } as const;

const CourseCard = ({ course }: { course: Course }) => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const teamId = useTeamId();
  const writable = useTeamWritable();
  const priceText = usePriceText();
  const href = WebPaths.course(course.courseId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['course', teamId, 'list'] });
  const duplicate = useMutation({
    mutationFn: () => courseApi.duplicate(course.courseId),
    onSuccess: (copy) => {
      void message.success(t('course.list.duplicated', { title: copy.title }));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => courseApi.remove(course.courseId),
    onSuccess: () => {
      void message.success(t('course.list.deleted'));
      void refresh();
    },
  });
  const confirmDelete = () =>
    modal.confirm({
      title: t('course.list.deleteTitle', { title: course.title }),
      content: t('course.list.deleteDesc'),
      okText: t('course.list.deleteOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(),
    });

  return (
    <Card
      hoverable
      className="course-card"
      cover={
        <Link to={href} tabIndex={-1} aria-hidden>
          <CourseCover src={course.cover} title={course.title} />
        </Link>
      }
      styles={{ body: { padding: 16 } }}
    >
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="start" gap={8}>
          <Link to={href} className="course-card-title">
            {course.title}
          </Link>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'open', icon: <EditOutlined />, label: t('course.list.open') },
                {
                  key: 'duplicate',
                  icon: <CopyOutlined />,
                  label: t('course.list.duplicate'),
                  disabled: !writable,
                },
                {
                  key: 'delete',
                  icon: <DeleteOutlined />,
                  label: t('course.list.delete'),
                  danger: true,
                  disabled: !writable || !course.abilities.delete,
                },
              ],
              onClick: ({ key }) => {
                if (key === 'open') void navigate(href);
                if (key === 'duplicate') duplicate.mutate();
                if (key === 'delete') confirmDelete();
              },
            }}
          >
            <Button
              type="text"
              size="small"
              icon={<MoreOutlined />}
              loading={duplicate.isPending}
              aria-label={t('course.list.actions', { title: course.title })}
            />
          </Dropdown>
        </Flex>
        <Flex gap={6} align="center" wrap>
          <CourseStatusTag status={course.status} />
          <UnreleasedTag course={course} />
          {/* One unit that never breaks inside: the price stays beside the lesson count. */}
          <Typography.Text type="secondary" className="course-card-meta">
            {`${t('course.lessonCount', { count: course.lessonCount })} · ${priceText(course.price)}`}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('course.author', { name: course.authorName })} ·{' '}
          {t('course.updatedAt', { time: formatDateTime(course.updateTime) })}
        </Typography.Text>
      </Flex>
    </Card>
  );
};

export const CourseGrid = ({ courses }: { courses: Course[] }) => (
  <Row gutter={[16, 16]}>
    {courses.map((course) => (
      <Col key={course.courseId} {...COLS}>
        <CourseCard course={course} />
      </Col>
    ))}
  </Row>
);

export const CourseGridSkeleton = () => (
  <Row gutter={[16, 16]} aria-busy>
    {Array.from({ length: 4 }, (_, i) => (
      <Col key={i} {...COLS}>
        <Card cover={<Skeleton.Node active className="course-cover-skeleton" />}>
          <Skeleton active paragraph={{ rows: 2 }} />
        </Card>
      </Col>
    ))}
  </Row>
);
