import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { CourseDetail, ReleaseCheck } from '@studio/contract';
import { Alert, Button, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePriceText } from '../course-bits.tsx';

/** 发布检查: each requirement, done or not, with a link to where it is fixed. */
export const ReleaseChecklist = ({ course, check }: { course: CourseDetail; check: ReleaseCheck }) => {
  const { t } = useTranslation();
  const priceText = usePriceText();
  const detail: Partial<Record<ReleaseCheck['items'][number]['key'], string>> = {
    title: course.title,
    lessons: t('lesson.count', { count: course.lessons.length }),
    price: priceText(course.price),
  };
  return (
    <Flex vertical gap={12}>
      <List
        dataSource={check.items}
        renderItem={(item) => (
          <List.Item
            data-check={item.key}
            data-ok={item.ok}
            actions={
              item.ok
                ? []
                : [
                    <Link key="fix" to={`/create/course/${course.courseId}?focus=${item.key}`}>
                      <Button size="small">{t('release.fix')}</Button>
                    </Link>,
                  ]
            }
          >
            <Flex gap={10} align="center" style={{ minWidth: 0 }}>
              {item.ok ? (
                <CheckCircleFilled style={{ color: '#52c41a', fontSize: 18 }} aria-label={t('release.ok')} />
              ) : (
                <CloseCircleFilled
                  style={{ color: '#ff4d4f', fontSize: 18 }}
                  aria-label={t('release.missing')}
                />
              )}
              <span>{t(`release.items.${item.key}`)}</span>
              {detail[item.key] && (
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220 }}>
                  {detail[item.key]}
                </Typography.Text>
              )}
            </Flex>
          </List.Item>
        )}
      />
      <Alert
        type={check.ready ? 'success' : 'warning'}
        showIcon
        message={check.ready ? t('release.ready') : t('release.notReady')}
      />
    </Flex>
  );
};
