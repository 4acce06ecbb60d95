import { CopyOutlined, DeleteOutlined, EditOutlined, HolderOutlined, MoreOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { LessonSummary, PresenceUser } from '@studio/contract';
import { Button, Dropdown, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WebPaths } from '@studio/contract/constants';

export type LessonAction = 'rename' | 'duplicate' | 'delete';

/** One lesson in the course's list: drag handle, number, title (opens the editor), actions. */
export const LessonRow = ({
  courseId,
  lesson,
  index,
  editable,
  editing = [],
  onAction,
}: {
  courseId: number;
  lesson: LessonSummary;
  index: number;
  editable: boolean;
  /** Who is in this lesson's live document now. */
  editing?: readonly PresenceUser[];
  onAction: (action: LessonAction, lesson: LessonSummary) => void;
}) => {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: lesson.lessonId, disabled: !editable });
  const href = WebPaths.lesson(courseId, lesson.lessonId);
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'lesson-row lesson-row-dragging' : 'lesson-row'}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-lesson-id={lesson.lessonId}
    >
      {editable && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="lesson-drag-handle"
          aria-label={t('lesson.drag', { title: lesson.title })}
          {...attributes}
          {...listeners}
        >
          <HolderOutlined />
        </button>
      )}
      <span className="lesson-index">{index + 1}</span>
      <div className="lesson-main">
        <Link to={href} className="lesson-title">
          {lesson.title}
        </Link>
        <div>
          {lesson.freePreview && <Tag color="blue">{t('lesson.free')}</Tag>}
          {lesson.durationMin > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('lesson.duration', { count: lesson.durationMin })}
            </Typography.Text>
          )}
          {editing.length > 0 && (
            <Typography.Text className="lesson-editing" style={{ fontSize: 12 }}>
              <span
                className="lesson-editing-dot"
                style={{ backgroundColor: editing[0]!.color }}
                aria-hidden
              />
              {t('lesson.editing', { names: editing.map((u) => u.name).join('、') })}
            </Typography.Text>
          )}
        </div>
      </div>
      <Link to={href} aria-label={t('lesson.editNamed', { title: lesson.title })}>
        <Button type="text" icon={<EditOutlined />} tabIndex={-1} aria-hidden />
      </Link>
      {editable && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'rename', icon: <EditOutlined />, label: t('lesson.rename') },
              { key: 'duplicate', icon: <CopyOutlined />, label: t('lesson.duplicate') },
              { key: 'delete', icon: <DeleteOutlined />, label: t('lesson.delete'), danger: true },
            ],
            onClick: ({ key }) => onAction(key as LessonAction, lesson),
          }}
        >
          <Button
            type="text"
            icon={<MoreOutlined />}
            aria-label={t('lesson.actions', { title: lesson.title })}
          />
        </Dropdown>
      )}
    </li>
  );
};
