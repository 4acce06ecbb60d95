import { Code } from '@studio/contract/constants';
import type { Lesson } from '@studio/contract';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error.ts';
import { lessonApi } from '../course-api.ts';
import { showFailure } from '../course-queries.ts';
import { useAutosave } from '../save/use-autosave.ts';
import type { LessonMeta } from './lesson-meta.tsx';

export const META_SAVE_DELAY_MS = 800;

/**
 * Saving a lesson's title, minutes and free preview (the text is live, saved by the collab server).
 * The live document moves the lesson's version on every store, so each save sends the version just
 * read; a 409 (a store landed between the two) is tried once more on the newer version.
 */
export const useMetaSave = ({ lesson, getMeta }: { lesson: Lesson; getMeta: () => LessonMeta }) => {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const saveOnce = async () => {
    const fresh = await lessonApi.detail(lesson.lessonId, { silent: true });
    return lessonApi.save(
      { lessonId: lesson.lessonId, version: fresh.version, ...getMeta() },
      { silent: true },
    );
  };
  const { autosave, state } = useAutosave({
    version: lesson.version,
    savedAt: lesson.updateTime,
    delayMs: META_SAVE_DELAY_MS,
    save: async () => {
      try {
        return await saveOnce();
      } catch (error) {
        if (isApiError(error) && error.code === Code.CONFLICT) return saveOnce();
        throw error;
      }
    },
    onSaved: () => setFailure(null),
    onError: (error) => {
      setFailure(isApiError(error) ? error.msg : t('course.save.error'));
      showFailure(error);
    },
  });
  return { autosave, state, failure, onEdit: () => autosave.edit() };
};
