import { PlusOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { COURSE_LIMITS } from '@studio/contract/constants';
import type { LessonSummary } from '@studio/contract';
import { App, Button, Empty, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LessonRow, type LessonAction } from './lesson-row.tsx';
import { RenameLessonModal } from './rename-lesson-modal.tsx';
import { useLessonActions } from './use-lesson-actions.ts';
import { useLessonPresence } from '../course-queries.ts';
import { editingByLesson } from './lesson-presence.ts';

/** The course's lessons: add, open, rename, drag-and-drop (or keyboard) reorder, duplicate, delete. */
export const LessonList = ({
  courseId,
  lessons,
  editable,
}: {
  courseId: number;
  lessons: LessonSummary[];
  editable: boolean;
}) => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const actions = useLessonActions(courseId);
  // Who is editing which lesson: asked only by those who may edit (the route answers them only).
  const presence = useLessonPresence(courseId, editable);
  const editingIn = editingByLesson(presence.data);
  const [newTitle, setNewTitle] = useState('');
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<LessonSummary | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const titleOf = (id: UniqueIdentifier) => lessons.find((l) => l.lessonId === id)?.title ?? '';
  const positionOf = (id: UniqueIdentifier | undefined) => lessons.findIndex((l) => l.lessonId === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('lesson.dragAnnounce.start', { title: titleOf(active.id) }),
    onDragOver: ({ active, over }) =>
      t('lesson.dragAnnounce.over', { title: titleOf(active.id), position: positionOf(over?.id) }),
    onDragEnd: ({ active, over }) =>
      t('lesson.dragAnnounce.end', { title: titleOf(active.id), position: positionOf(over?.id) }),
    onDragCancel: ({ active }) => t('lesson.dragAnnounce.cancel', { title: titleOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = lessons.findIndex((l) => l.lessonId === active.id);
    const to = lessons.findIndex((l) => l.lessonId === over.id);
    if (from < 0 || to < 0) return;
    void actions.reorder(arrayMove(lessons, from, to));
  };

  const add = async () => {
    setAdding(true);
    try {
      await actions.add(newTitle);
      setNewTitle('');
    } catch {
      // The request client has shown why.
    } finally {
      setAdding(false);
    }
  };

  const onAction = (action: LessonAction, lesson: LessonSummary) => {
    if (action === 'rename') setRenaming(lesson);
    if (action === 'duplicate') void actions.duplicate(lesson).catch(() => undefined);
    if (action === 'delete') {
      modal.confirm({
        title: t('lesson.deleteTitle', { title: lesson.title }),
        content: t('lesson.deleteDesc'),
        okText: t('lesson.delete'),
        okButtonProps: { danger: true },
        cancelText: t('common.cancel'),
        onOk: () => actions.remove(lesson),
      });
    }
  };

  return (
    <div>
      {editable && (
        <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
          <Input
            id="lesson-new-title"
            value={newTitle}
            maxLength={COURSE_LIMITS.lessonTitleMax}
            placeholder={t('lesson.newTitle')}
            aria-label={t('lesson.newTitle')}
            onChange={(e) => setNewTitle(e.target.value)}
            onPressEnter={() => void add()}
          />
          <Button type="primary" icon={<PlusOutlined />} loading={adding} onClick={() => void add()}>
            {t('lesson.add')}
          </Button>
        </Space.Compact>
      )}
      {lessons.length === 0 ? (
        <Empty description={t('lesson.empty')}>
          <Typography.Text type="secondary">{t('lesson.emptyDesc')}</Typography.Text>
        </Empty>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('lesson.dragHint') } }}
        >
          <SortableContext items={lessons.map((l) => l.lessonId)} strategy={verticalListSortingStrategy}>
            <ol className="lesson-list" aria-label={t('lesson.title')}>
              {lessons.map((lesson, index) => (
                <LessonRow
                  key={lesson.lessonId}
                  courseId={courseId}
                  lesson={lesson}
                  index={index}
                  editable={editable}
                  editing={editingIn.get(lesson.lessonId)}
                  onAction={onAction}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {editable && lessons.length > 1 && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
          {t('lesson.dragHint')}
        </Typography.Paragraph>
      )}
      <RenameLessonModal
        lesson={renaming}
        onClose={() => setRenaming(null)}
        onRename={(lesson, title) => actions.rename(lesson, title)}
      />
    </div>
  );
};
