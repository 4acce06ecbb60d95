import { LockOutlined, ReadOutlined } from '@ant-design/icons';
import type { DocNode, LessonSummary } from '@studio/contract';
import { List, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type SyllabusLesson = LessonSummary & { content: DocNode | null };

/**
 * The lesson list of a buy page: 试看 on free lessons, a lock on the rest. Readable lessons (free ones,
 * or all once owned) link to the reader when `linkTo` is given.
 */
export const Syllabus = ({
  lessons,
  linkTo,
  current,
  compact = false,
}: {
  lessons: SyllabusLesson[];
  linkTo?: (lessonId: number) => string;
  current?: number;
  compact?: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <List
      size={compact ? 'small' : 'default'}
      dataSource={lessons}
      rowKey="lessonId"
      renderItem={(lesson, index) => {
        const readable = lesson.content !== null;
        const title = (
          <>
            <span className="store-lesson-no">{t('store.course.lessonNo', { no: index + 1 })}</span>
            <span className="store-lesson-title">{lesson.title}</span>
          </>
        );
        return (
          <List.Item
            aria-current={current === lesson.lessonId ? 'page' : undefined}
            style={
              current === lesson.lessonId
                ? { boxShadow: 'inset 3px 0 0 #1f6feb', fontWeight: 600 }
                : undefined
            }
          >
            <div className="store-lesson-row">
              {readable && linkTo ? (
                <Link
                  to={linkTo(lesson.lessonId)}
                  className="store-lesson-row"
                  aria-label={t('store.course.readLesson', { title: lesson.title })}
                >
                  {title}
                </Link>
              ) : (
                title
              )}
              {lesson.freePreview && (
                <Tag color="green" className="store-free-tag">
                  {t('store.course.freePreview')}
                </Tag>
              )}
              {!compact && lesson.durationMin > 0 && (
                <span className="store-lesson-no">
                  {t('store.course.minutes', { count: lesson.durationMin })}
                </span>
              )}
              {readable ? (
                <ReadOutlined aria-hidden style={{ color: '#1f6feb' }} />
              ) : (
                <Tooltip title={t('store.course.locked')}>
                  <LockOutlined
                    role="img"
                    aria-label={t('store.course.locked')}
                    style={{ color: 'rgba(0, 0, 0, 0.58)' }}
                  />
                </Tooltip>
              )}
            </div>
          </List.Item>
        );
      }}
    />
  );
};
