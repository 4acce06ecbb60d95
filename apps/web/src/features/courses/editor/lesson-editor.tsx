import { ArrowLeftOutlined, ArrowRightOutlined, EyeOutlined } from '@ant-design/icons';
import type { CourseDetail, Lesson } from '@studio/contract';
import { EditorContent, useEditor } from '@tiptap/react';
import { Alert, App, Button, Card, Flex } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { useTeamWritable } from '../../../lib/current-team.ts';
import { lessonApi } from '../course-api.ts';
import { SaveStatus } from '../save/save-status.tsx';
import { editorExtensions } from './editor-extensions.ts';
import { HistoryPanel } from './history-panel.tsx';
import { CommentsPanel, useLessonThreads, type NewThreadAnchor } from '../../comments/comments-panel.tsx';
import { anchorsOf, bindingOf } from './comment-anchors.ts';
import { CommentHighlights, setCommentThreads, threadAt } from './comment-highlights.ts';
import { selectionAnchor } from './comment-selection.ts';
import { AttachmentsPanel } from './attachments/attachments-panel.tsx';
import { LessonMetaFields, type LessonMeta } from './lesson-meta.tsx';
import { Toolbar } from './toolbar.tsx';
import { useAiAssist } from './use-ai-assist.ts';
import { useMetaSave } from './use-meta-save.ts';
import { useSaveShortcut } from './shortcuts/use-save-shortcut.ts';
import { compactQuizzes } from './quiz/quiz-edits.ts';
import { collabEditable, isFatalRefusal } from './collab/collab-state.ts';
import { CollabStatusTag, PresenceAvatars, useStatusText } from './collab/collab-header.tsx';
import { useCollab } from './collab/use-collab.ts';
import './lesson-editor.css';

const metaOf = (l: LessonMeta): LessonMeta => ({
  title: l.title,
  durationMin: l.durationMin,
  freePreview: l.freePreview,
});

/** 上一课时 / 下一课时: the lessons around this one, in the course's order. */
const LessonSiblings = ({ course, lessonId }: { course: CourseDetail | undefined; lessonId: number }) => {
  const { t } = useTranslation();
  const lessons = course?.lessons ?? [];
  const i = lessons.findIndex((l) => l.lessonId === lessonId);
  if (!course || i < 0) return null;
  const [prev, next] = [lessons[i - 1], lessons[i + 1]];
  return (
    <nav className="lesson-editor-siblings" aria-label={t('editor.siblings')}>
      {prev ? (
        <Link to={WebPaths.lesson(course.courseId, prev.lessonId)} rel="prev">
          <ArrowLeftOutlined aria-hidden /> {t('editor.prevLesson', { title: prev.title })}
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link to={WebPaths.lesson(course.courseId, next.lessonId)} rel="next">
          {t('editor.nextLesson', { title: next.title })} <ArrowRightOutlined aria-hidden />
        </Link>
      )}
    </nav>
  );
};

/**
 * One lesson open for writing: title and settings (saved over REST), and the text as a live Yjs
 * document shared with everyone in the lesson (Hocuspocus; the server stores it).
 */
export const LessonEditor = ({ lesson, course }: { lesson: Lesson; course: CourseDetail | undefined }) => {
  const { t } = useTranslation();
  const writable = useTeamWritable();
  const allowed = Boolean(course?.abilities.edit) && writable;
  const collab = useCollab(lesson.lessonId);
  const statusText = useStatusText(collab.status);
  // Typing waits for the first sync, and stops on a read-only connection or a refusal.
  const editable = collabEditable(collab.facts, allowed);
  const [meta, setMeta] = useState<LessonMeta>(() => metaOf(lesson));
  const metaRef = useRef(meta);
  const pickThreadRef = useRef<(threadId: number) => void>(() => undefined);
  const { message } = App.useApp();
  const [extensions] = useState(() => [
    ...editorExtensions(
      t('editor.placeholder'),
      { doc: collab.doc, awareness: collab.awareness, beforeRemote: collab.beforeRemote },
      { error: (text) => void message.error(text), warning: (text) => void message.warning(text) },
    ),
    CommentHighlights,
  ]);
  // 评论: opened by ?comments=1 (the course's list) or on one thread by ?comment=<id> (a mention).
  const [search] = useSearchParams();
  const [commentsOpen, setCommentsOpen] = useState(() => search.has('comment') || search.has('comments'));
  const [activeThread, setActiveThread] = useState<number | null>(
    () => Number(search.get('comment')) || null,
  );
  const [pendingAnchor, setPendingAnchor] = useState<NewThreadAnchor | null>(null);
  const openThreads = useLessonThreads(lesson.lessonId);

  const editor = useEditor({
    extensions,
    editable: false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      // A click in a highlighted comment range opens its thread in the panel.
      handleClick: (view, pos) => {
        const threadId = threadAt(view.state, pos);
        if (threadId) pickThreadRef.current(threadId);
        return false;
      },
      attributes: {
        class: 'content-view lesson-editor-content',
        'aria-label': t('editor.content'),
        'aria-multiline': 'true',
        role: 'textbox',
      },
    },
  });

  const save = useMetaSave({ lesson, getMeta: () => metaRef.current });
  useSaveShortcut({
    flush: () => save.autosave.flush(),
    collab: collab.status,
    collabText: statusText,
    meta: save.state.status,
  });
  const assist = useAiAssist(editor, editable, async () => {
    // The text as it is now kept as its own revision before the assist writes.
    await lessonApi.checkpoint(lesson.lessonId);
  });

  useEffect(() => {
    pickThreadRef.current = (id) => {
      setActiveThread(id);
      setCommentsOpen(true);
    };
  });
  // Open threads are highlighted where their anchors are now (through the shared document's Yjs
  // positions; they follow everyone's edits).
  useEffect(() => {
    if (editor.isDestroyed || !editor.isInitialized) return;
    const threads = openThreads.data?.list ?? [];
    editor.view.dispatch(setCommentThreads(editor.state.tr, { threads, active: activeThread }));
  }, [editor, openThreads.data, activeThread]);
  useEffect(() => {
    if (editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);

  const changeMeta = (patch: Partial<LessonMeta>) => {
    metaRef.current = { ...metaRef.current, ...patch };
    setMeta(metaRef.current);
    save.onEdit();
  };

  /** 恢复此版本: the server writes the revision into the live document; everyone gets it as a change. */
  const restore = async (revisionId: number): Promise<Lesson> => {
    await save.autosave.flush();
    const restored = await lessonApi.restore(revisionId);
    metaRef.current = metaOf(restored);
    setMeta(metaRef.current);
    save.autosave.reset(restored.version, restored.updateTime);
    return restored;
  };

  const refusal = collab.facts.refusal;
  const disconnected = refusal !== null && isFatalRefusal(refusal);

  return (
    <Flex vertical gap={12} className="lesson-editor">
      <Flex className="lesson-editor-head" align="center" gap={8} wrap>
        <Link to={WebPaths.course(lesson.courseId)} className="lesson-editor-back">
          <ArrowLeftOutlined />{' '}
          <span className="lesson-editor-course">{course?.title ?? t('editor.back')}</span>
        </Link>
        <h1 className="lesson-editor-h1">{t('editor.pageTitle')}</h1>
        <Flex gap={8} align="center" wrap style={{ marginInlineStart: 'auto' }}>
          <PresenceAvatars awareness={collab.awareness} />
          <CollabStatusTag status={collab.status} settled={save.state.status === 'saved'} />
          {save.state.status !== 'saved' && (
            <SaveStatus state={save.state} onRetry={() => void save.autosave.flush()} />
          )}
          <CommentsPanel
            lessonId={lesson.lessonId}
            writable={writable}
            open={commentsOpen}
            onOpenChange={(open) => {
              // Opening takes the text selected in the editor, if any, as the new thread's place.
              setPendingAnchor(
                open
                  ? selectionAnchor(editor, (from, to) => {
                      const b = bindingOf(editor.state);
                      return b && anchorsOf(from, to, b);
                    })
                  : null,
              );
              setCommentsOpen(open);
            }}
            pending={pendingAnchor}
            onPendingDone={() => setPendingAnchor(null)}
            activeThreadId={activeThread}
            onFocusThread={(thread) => setActiveThread(thread.commentId)}
          />
          <HistoryPanel
            lessonId={lesson.lessonId}
            canRestore={editable}
            current={() => compactQuizzes(editor.getJSON())}
            restore={restore}
          />
          <Link to={WebPaths.lessonPreview(lesson.courseId, lesson.lessonId)}>
            <Button icon={<EyeOutlined />}>{t('editor.preview')}</Button>
          </Link>
        </Flex>
      </Flex>
      {disconnected && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={statusText}
          description={t('editor.collab.disconnected')}
        />
      )}
      {save.failure && save.state.status === 'error' && (
        <Alert type="error" showIcon role="alert" title={t('course.save.error')} description={save.failure} />
      )}
      {!allowed && <Alert type="info" showIcon title={t('editor.readOnly')} />}
      {allowed && collab.facts.readOnly && <Alert type="info" showIcon title={t('editor.collab.readOnly')} />}
      <Card size="small" className="lesson-editor-card">
        <LessonMetaFields meta={meta} disabled={!allowed || disconnected} onChange={changeMeta} />
      </Card>
      <Card size="small" className="lesson-editor-card" styles={{ body: { padding: 0 } }}>
        {/* Greyed until the first sync: the text arrives below it and stays where it appeared (the
            toolbar coming with the sync pushed it 37 px down, under a click already on its way). */}
        {allowed && <Toolbar editor={editor} assist={assist} disabled={!editable} />}
        {assist.failure && (
          <Alert
            type="error"
            showIcon
            banner
            closable
            onClose={assist.dismiss}
            title={t('editor.assist.failed')}
            description={
              assist.failure.kept
                ? `${assist.failure.message} ${t('editor.assist.kept')}`
                : assist.failure.message
            }
          />
        )}
        <EditorContent editor={editor} className="lesson-editor-body" />
      </Card>
      <AttachmentsPanel lessonId={lesson.lessonId} editable={allowed} />
      <LessonSiblings course={course} lessonId={lesson.lessonId} />
    </Flex>
  );
};
