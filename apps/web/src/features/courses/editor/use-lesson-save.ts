import { Code, COURSE_LIMITS, WebPaths } from '@studio/contract/constants';
import type { Lesson } from '@studio/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error.ts';
import { courseKeys, lessonApi } from '../course-api.ts';
import { useTeamId } from '../../teams/current-team.ts';
import { showFailure } from '../course-queries.ts';
import { hasUnsaved } from '../save/save-state.ts';
import { useAutosave } from '../save/use-autosave.ts';
import { clearDrafts, writeDraft, type LessonFields } from './local-draft.ts';

export const AUTOSAVE_DELAY_MS = 1500;
const DRAFT_DELAY_MS = 300;

/** The content is over the server's limit: not sent (the server would refuse it with 400 or 413). */
class TooLargeError extends Error {
  constructor() {
    super('lesson content too large');
    this.name = 'TooLargeError';
  }
}

const tooLarge = (content: unknown): boolean =>
  new TextEncoder().encode(JSON.stringify(content)).length > COURSE_LIMITS.contentMaxBytes;

/** Refused for its size, by this check or by the server (body limit 413, content limit 30007). */
const isTooLarge = (error: unknown): boolean =>
  error instanceof TooLargeError ||
  (isApiError(error) && (error.status === 413 || error.code === Code.LESSON_CONTENT_TOO_LARGE));

/**
 * Saving one lesson: debounced autosave on the version the editor holds, a local draft of anything
 * unsaved, and the two ways out of an edit conflict (reload theirs, or keep mine as a new lesson).
 */
export const useLessonSave = ({
  lesson,
  getFields,
  applyServer,
}: {
  lesson: Lesson;
  /** What is on screen now. */
  getFields: () => LessonFields;
  /** Puts a lesson loaded from the server into the editor. */
  applyServer: (lesson: Lesson) => void;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const teamId = useTeamId();
  const [conflictCopy, setConflictCopy] = useState<LessonFields | null>(null);
  const [myCopy, setMyCopy] = useState<LessonFields | null>(null);
  /** Why the last save failed, shown in the editor until a save succeeds (notices can be suppressed). */
  const [failure, setFailure] = useState<string | null>(null);
  const draftTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const { autosave, state } = useAutosave({
    version: lesson.version,
    savedAt: lesson.updateTime,
    delayMs: AUTOSAVE_DELAY_MS,
    save: async (version) => {
      const fields = getFields();
      if (tooLarge(fields.content)) throw new TooLargeError();
      return lessonApi.save({ lessonId: lesson.lessonId, version, ...fields }, { silent: true });
    },
    onSaved: (saved) => {
      setFailure(null);
      if (hasUnsaved(saved)) saveDraftNow();
      else dropDrafts();
    },
    onConflict: () => {
      saveDraftNow();
      setConflictCopy(getFields());
    },
    onError: (error) => {
      // Whatever failed, the text stays in this browser until a save gets through.
      saveDraftNow();
      if (isTooLarge(error)) {
        setFailure(t('editor.tooLarge', { kb: COURSE_LIMITS.contentMaxBytes / 1024 }));
        return;
      }
      setFailure(isApiError(error) ? error.msg : t('course.save.error'));
      showFailure(error);
    },
  });

  function cancelDraftWrite() {
    if (draftTimer.current) clearTimeout(draftTimer.current);
    draftTimer.current = null;
  }

  /** Keeps what is unsaved; once the server has everything there is nothing to keep. */
  function saveDraftNow() {
    cancelDraftWrite();
    if (!hasUnsaved(autosave.getState())) return;
    writeDraft({
      ...getFields(),
      lessonId: lesson.lessonId,
      baseVersion: autosave.getState().version,
      savedAt: Date.now(),
    });
  }

  /** The server has the text: no draft, and none written by a write still scheduled. */
  function dropDrafts() {
    cancelDraftWrite();
    clearDrafts(lesson.lessonId);
  }

  /** Every change: mark unsaved (autosave follows) and keep a local draft shortly after. */
  const onEdit = () => {
    autosave.edit();
    draftTimer.current ??= setTimeout(saveDraftNow, DRAFT_DELAY_MS);
  };

  // Leaving with unsaved text: the browser asks; moving inside the app saves on the way out.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsaved(autosave.getState())) return;
      saveDraftNow();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      cancelDraftWrite();
      if (hasUnsaved(autosave.getState())) void autosave.flush();
    };
    // saveDraftNow reads only refs and the controller; registering once is intended.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autosave]);

  /** 重新加载: the server's version into the editor; my text stays on the page as a copy. */
  const reload = async () => {
    const mine = conflictCopy ?? getFields();
    const fresh = await lessonApi.detail(lesson.lessonId);
    applyServer(fresh);
    autosave.reset(fresh.version, fresh.updateTime);
    setMyCopy(mine);
    setConflictCopy(null);
    void message.info(t('editor.conflict.reloaded'));
  };

  /** 保留我的副本: my text becomes a new lesson of the course, which opens; nothing is overwritten. */
  const keepCopy = async () => {
    const mine = conflictCopy ?? getFields();
    const title = t('editor.conflict.copyTitle', { title: mine.title.trim() || lesson.title }).slice(0, 60);
    const created = await lessonApi.create(lesson.courseId, title);
    await lessonApi.save({
      lessonId: created.lessonId,
      version: created.version,
      content: mine.content,
      durationMin: mine.durationMin,
      freePreview: mine.freePreview,
    });
    dropDrafts();
    autosave.reset(autosave.getState().version);
    setConflictCopy(null);
    void queryClient.invalidateQueries({ queryKey: courseKeys.detail(teamId, lesson.courseId) });
    void message.success(t('editor.conflict.keptAs', { title: created.title }));
    void navigate(WebPaths.lesson(lesson.courseId, created.lessonId));
  };

  /**
   * 恢复此版本: pending edits are saved first (so they stay in the history), then the revision becomes
   * the lesson's new version, here as on the server; another tab's stale save then gets 409.
   */
  const restore = async (revisionId: number): Promise<Lesson> => {
    await autosave.flush();
    const restored = await lessonApi.restore(revisionId);
    applyServer(restored);
    autosave.reset(restored.version, restored.updateTime);
    dropDrafts();
    return restored;
  };

  return {
    autosave,
    restore,
    state,
    onEdit,
    conflictOpen: conflictCopy !== null,
    reload,
    keepCopy,
    myCopy,
    failure,
    dismissMyCopy: () => setMyCopy(null),
  };
};
