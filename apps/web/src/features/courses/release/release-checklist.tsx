import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { CourseDetail, ReleaseCheck } from '@studio/contract';
import { Alert, Button, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { usePriceText } from '../course-bits.tsx';

type CheckItem = ReleaseCheck['items'][number];

/** Where each item is fixed: the course page focused on its field, or the first empty lesson's editor. */
const fixLink = (courseId: number, item: CheckItem): string => {
  const empty = item.lessons?.[0];
  if (item.key === 'emptyLessons' && empty) return WebPaths.lesson(courseId, empty.lessonId);
  return `${WebPaths.course(courseId)}?focus=${item.key === 'emptyLessons' ? 'lessons' : item.key}`;
};

/** What the item is now, next to its label (the default title and the empty lessons by name). */
const ItemDetail = ({ course, item }: { course: CourseDetail; item: CheckItem }) => {
  const { t } = useTranslation();
  const priceText = usePriceText();
  const secondary = (text: string) => (
    <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220 }}>
      {text}
    </Typography.Text>
  );
  switch (item.key) {
    case 'title':
      return item.ok
        ? secondary(course.title)
        : course.title.trim() && secondary(t('release.defaultTitle', { title: course.title }));
    case 'category':
      return secondary(course.category ? t(`course.category.${course.category}`) : t('release.noCategory'));
    case 'lessons':
      return secondary(t('lesson.count', { count: course.lessons.length }));
    case 'price':
      return secondary(priceText(course.price));
    case 'emptyLessons':
      return item.lessons?.length ? (
        <Typography.Text type="secondary">
          {t('release.emptyLessonsDetail', { count: item.lessons.length })}
          {item.lessons.map((lesson, i) => (
            <span key={lesson.lessonId}>
              {i > 0 && '、'}
              <Link to={WebPaths.lesson(course.courseId, lesson.lessonId)}>{lesson.title}</Link>
            </span>
          ))}
        </Typography.Text>
      ) : null;
    default:
      return null;
  }
};

/** 发布检查: each requirement, done or not, with a link to where it is fixed. */
export const ReleaseChecklist = ({ course, check }: { course: CourseDetail; check: ReleaseCheck }) => {
  const { t } = useTranslation();
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
                    <Link key="fix" to={fixLink(course.courseId, item)}>
                      <Button size="small" tabIndex={-1}>
                        {t('release.fix')}
                      </Button>
                    </Link>,
                  ]
            }
          >
            <Flex gap={10} align="center" wrap style={{ minWidth: 0 }}>
              {item.ok ? (
                <CheckCircleFilled style={{ color: '#389e0d', fontSize: 18 }} aria-label={t('release.ok')} />
              ) : (
                <CloseCircleFilled
                  style={{ color: '#cf1322', fontSize: 18 }}
                  aria-label={t('release.missing')}
                />
              )}
              <span>{t(`release.items.${item.key}`)}</span>
              <ItemDetail course={course} item={item} />
            </Flex>
          </List.Item>
        )}
      />
      {check.warnings.map((w) => (
        <Alert
          key={w.key}
          data-warning={w.key}
          type="info"
          showIcon
          title={
            <span>
              {t('comments.release.unresolvedComments', { count: w.count })}
              {w.lessons.map((lesson, i) => (
                <span key={lesson.lessonId}>
                  {i > 0 && '、'}
                  <Link to={WebPaths.lesson(course.courseId, lesson.lessonId)}>{lesson.title}</Link>
                  {` (${lesson.count})`}
                </span>
              ))}
            </span>
          }
        />
      ))}
      <Alert
        type={check.ready ? 'success' : 'warning'}
        showIcon
        title={check.ready ? t('release.ready') : t('release.notReady')}
      />
    </Flex>
  );
};
