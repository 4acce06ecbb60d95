import { ArrowLeftOutlined, ArrowRightOutlined, EyeOutlined, SaveOutlined } from '@ant-design/icons';
import type { CourseDetail, Lesson } from '@studio/contract';
import { EditorContent, useEditor } from '@tiptap/react';
import { Alert, Button, Card, Flex, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { useTeamWritable } from '../../teams/current-team.ts';
import { lessonApi } from '../course-api.ts';
import { SaveStatus } from '../save/save-status.tsx';
import { ConflictDialog } from './conflict-dialog.tsx';
import { isAssistPreview } from './assist-writer.ts';
import { editorExtensions } from './editor-extensions.ts';
import { HistoryPanel } from './history-panel.tsx';
import { CommentsPanel, useLessonThreads, type NewThreadAnchor } from '../../comments/comments-panel.tsx';
import { anchorsOf, bindingOf } from './comment-anchors.ts';
import { CommentHighlights, setCommentThreads, threadAt } from './comment-highlights.ts';
import { selectionAnchor } from './comment-selection.ts';
import { AttachmentsPanel } from './attachments/attachments-panel.tsx';
import { LessonMetaFields, type LessonMeta } from './lesson-meta.tsx';
import { clearDrafts, draftOffer, readDraft, type LessonFields } from './local-draft.ts';
import { DraftBanner, MyCopyPanel } from './recovery-panels.tsx';
import { Toolbar } from './toolbar.tsx';
import { useAiAssist } from './use-ai-assist.ts';
import { useLessonSave } from './use-lesson-save.ts';
import { compactQuizzes } from './quiz/quiz-edits.ts';
import './lesson-editor.css';

const metaOf = (l: LessonMeta): LessonMeta => ({
  title: l.title,
  durationMin: l.durationMin,
  freePreview: l.freePreview,
});

/** 上一课时 / 下一课时: the lessons around this one, in the course's order (leaving saves first). */
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

/** One lesson open for writing: title and settings, the rich-text editor, autosave and recovery. */
export const LessonEditor = ({ lesson, course }: { lesson: Lesson; course: CourseDetail | undefined }) => {
  const { t } = useTranslation();
  const writable = useTeamWritable();
  const editable = Boolean(course?.abilities.edit) && writable;
  const [meta, setMeta] = useState<LessonMeta>(() => metaOf(lesson));
  const metaRef = useRef(meta);
  const onEditRef = useRef<() => void>(() => undefined);
  const [offer, setOffer] = useState(() => draftOffer(readDraft(lesson.lessonId), lesson));
  const pickThreadRef = useRef<(threadId: number) => void>(() => undefined);
  const [extensions] = useState(() => [...editorExtensions(t('editor.placeholder')), CommentHighlights]);
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
    content: lesson.content,
    editable,
    shouldRerenderOnTransaction: false,
    // Only real document changes count as edits (setEditable, selection moves and the like do not,
    // nor the AI assist's text while it streams: its final text is one edit).
    onUpdate: ({ transaction }) => {
      if (transaction.docChanged && !isAssistPreview(transaction)) onEditRef.current();
    },
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

  // Quizzes as saved: an option left empty is dropped with its mark moved (see compactQuiz).
  const getFields = (): LessonFields => ({ ...metaRef.current, content: compactQuizzes(editor.getJSON()) });
  const applyFields = (fields: LessonMeta & { content: Lesson['content'] }) => {
    metaRef.current = metaOf(fields);
    setMeta(metaRef.current);
    editor.commands.setContent(fields.content, { emitUpdate: false });
  };
  const save = useLessonSave({ lesson, getFields, applyServer: applyFields });
  const assist = useAiAssist(editor, editable, async () => {
    // Pending edits saved, then the text as it is now kept as its own revision.
    await save.autosave.flush();
    await lessonApi.checkpoint(lesson.lessonId);
  });

  useEffect(() => {
    onEditRef.current = save.onEdit;
    pickThreadRef.current = (id) => {
      setActiveThread(id);
      setCommentsOpen(true);
    };
  });
  // Open threads are highlighted where their anchors are now (only in a shared Yjs document).
  useEffect(() => {
    if (editor.isDestroyed || !editor.isInitialized) return;
    const threads = openThreads.data?.list ?? [];
    editor.view.dispatch(setCommentThreads(editor.state.tr, { threads, active: activeThread }));
  }, [editor, openThreads.data, activeThread]);
  useEffect(() => {
    if (editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);

  // Ctrl/Cmd+S saves now, anywhere on the page.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void save.autosave.flush();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save.autosave]);

  const changeMeta = (patch: Partial<LessonMeta>) => {
    metaRef.current = { ...metaRef.current, ...patch };
    setMeta(metaRef.current);
    save.onEdit();
  };

  return (
    <Flex vertical gap={12} className="lesson-editor">
      <Flex className="lesson-editor-head" align="center" gap={8} wrap>
        <Link to={WebPaths.course(lesson.courseId)} className="lesson-editor-back">
          <ArrowLeftOutlined />{' '}
          <span className="lesson-editor-course">{course?.title ?? t('editor.back')}</span>
        </Link>
        <h1 className="lesson-editor-h1">{t('editor.pageTitle')}</h1>
        <Flex gap={8} align="center" wrap style={{ marginInlineStart: 'auto' }}>
          <SaveStatus state={save.state} onRetry={() => void save.autosave.flush()} />
          {editable && (
            <Tooltip title={t('editor.saveShortcut')}>
              <Button icon={<SaveOutlined />} onClick={() => void save.autosave.flush()}>
                {t('editor.saveNow')}
              </Button>
            </Tooltip>
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
            restore={save.restore}
          />
          <Link to={WebPaths.lessonPreview(lesson.courseId, lesson.lessonId)}>
            <Button icon={<EyeOutlined />}>{t('editor.preview')}</Button>
          </Link>
        </Flex>
      </Flex>
      {offer && editable && (
        <DraftBanner
          offer={offer}
          onRestore={() => {
            applyFields(offer.draft);
            save.onEdit();
            setOffer(null);
          }}
          onDiscard={() => {
            clearDrafts(lesson.lessonId);
            setOffer(null);
          }}
        />
      )}
      {save.failure && save.state.status === 'error' && (
        <Alert type="error" showIcon role="alert" title={t('course.save.error')} description={save.failure} />
      )}
      {save.myCopy && <MyCopyPanel copy={save.myCopy} onDismiss={save.dismissMyCopy} />}
      {!editable && <Alert type="info" showIcon title={t('editor.readOnly')} />}
      <Card size="small" className="lesson-editor-card">
        <LessonMetaFields meta={meta} disabled={!editable} onChange={changeMeta} />
      </Card>
      <Card size="small" className="lesson-editor-card" styles={{ body: { padding: 0 } }}>
        {editable && <Toolbar editor={editor} assist={assist} />}
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
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('editor.saveShortcut')}
      </Typography.Text>
      <AttachmentsPanel lessonId={lesson.lessonId} editable={editable} />
      <LessonSiblings course={course} lessonId={lesson.lessonId} />
      <ConflictDialog open={save.conflictOpen} onReload={save.reload} onKeepCopy={save.keepCopy} />
    </Flex>
  );
};
