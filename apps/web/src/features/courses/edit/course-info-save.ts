import type { Course, CourseDetail } from '@studio/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { courseApi, courseKeys } from '../course-api.ts';
import { useTeamId } from '../../../lib/current-team.ts';
import { showFailure } from '../course-queries.ts';
import { InvalidInputError } from '../save/autosave.ts';
import { hasUnsaved } from '../save/save-state.ts';
import { useAutosave } from '../save/use-autosave.ts';
import {
  COURSE_FIELDS,
  pickFields,
  sameStored,
  toFormValues,
  toModifyBody,
  type CourseField,
  type CourseFormValues,
} from './course-fields.ts';

export { toFormValues, type CourseFormValues } from './course-fields.ts';

/** antd rejects a validation overtaken by a newer one (typing meanwhile) without any field error. */
const onlyOutOfDate = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { outOfDate?: boolean }).outOfDate === true &&
  ((error as { errorFields?: unknown[] }).errorFields ?? []).length === 0;

/**
 * Autosave of the course details (1 s after the last change). Nothing the user typed is lost or
 * written back over:
 * - each save sends only the fields changed since the last save, so a form that holds an old value
 *   of a field (a stale page, a cover upload finishing late) never sends it;
 * - newer server data (a refetch, a save answer) fills the fields the user has not changed, and a
 *   field changed and not yet saved is never overwritten; older data is ignored;
 * - leaving the page saves at once instead of dropping the pending save.
 * A save on an old version answers 409 and opens the conflict dialog, which reloads or overwrites.
 */
export const useCourseInfoSave = (course: CourseDetail, form: FormInstance<CourseFormValues>) => {
  const queryClient = useQueryClient();
  const teamId = useTeamId();
  const key = courseKeys.detail(teamId, course.courseId);
  const [conflict, setConflict] = useState(false);
  /** Fields changed and not yet saved, each with the number of its latest change. */
  const dirty = useRef(new Map<CourseField, number>());
  const changes = useRef(0);
  /** The server's values the unsaved changes were made on: newer data merges field by field. */
  const base = useRef<CourseFormValues>(toFormValues(course));
  const values = () => form.getFieldsValue(true) as CourseFormValues;

  /** The save answer into the cache. A refetch that left before it would answer older data: redo it. */
  const writeSaved = async (saved: Course) => {
    const refetching = queryClient.isFetching({ queryKey: key }) > 0;
    if (refetching) await queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData<CourseDetail>(key, (old) => (old ? { ...old, ...saved } : old));
    if (refetching) void queryClient.invalidateQueries({ queryKey: key });
  };

  const { autosave, state } = useAutosave({
    version: course.version,
    savedAt: course.updateTime,
    delayMs: 1000,
    save: async (version) => {
      const sending = new Map(dirty.current);
      const now = autosave.getState();
      if (sending.size === 0) return { version, updateTime: now.savedAt ?? course.updateTime };
      const fields = [...sending.keys()];
      try {
        // recursive: 结业要求 is one field of three inputs.
        await form.validateFields(fields, { recursive: true });
      } catch (error) {
        if (!onlyOutOfDate(error)) throw new InvalidInputError();
      }
      const body = pickFields(toModifyBody(values()), fields);
      const saved = await courseApi.modify({ courseId: course.courseId, version, ...body }, { silent: true });
      // A field changed again while this save was on its way stays unsaved (the next save sends it).
      for (const [field, change] of sending)
        if (dirty.current.get(field) === change) dirty.current.delete(field);
      base.current = toFormValues(saved);
      await writeSaved(saved);
      return { version: saved.version, updateTime: saved.updateTime };
    },
    onConflict: () => setConflict(true),
    onError: showFailure,
  });

  /** The user changed these fields (antd's onValuesChange, or the cover picker). */
  const edit = (fields: CourseField[]) => {
    for (const field of fields) dirty.current.set(field, (changes.current += 1));
    autosave.edit();
  };

  // Server data that is newer (or as new): untouched fields follow it; changed ones keep what was typed.
  useEffect(() => {
    const saving = autosave.getState();
    if (course.version < saving.version) return;
    const fresh = toFormValues(course);
    const shown = values();
    const follow = COURSE_FIELDS.filter((f) => !dirty.current.has(f) && !sameStored(f, shown, fresh));
    if (follow.length > 0) form.setFieldsValue(Object.fromEntries(follow.map((f) => [f, fresh[f]])));
    if (course.version === saving.version) {
      base.current = fresh;
      return;
    }
    // Saved elsewhere meanwhile. When nobody else changed a field I changed, my changes simply go
    // on the new version; otherwise the next save meets 409 and the user decides.
    if (saving.inFlightSeq !== null || (saving.status !== 'saved' && saving.status !== 'dirty')) return;
    if ([...dirty.current.keys()].some((f) => !sameStored(f, base.current, fresh))) return;
    base.current = fresh;
    if (hasUnsaved(saving)) autosave.rebase(course.version);
    else autosave.reset(course.version, course.updateTime);
    // Reads refs and the stable form/controller; runs when the server data changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [course]);

  // Leaving the page (or the page being replaced) saves what is pending instead of dropping it;
  // closing the tab with unsaved details makes the browser ask.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsaved(autosave.getState())) return;
      void autosave.flush();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      if (hasUnsaved(autosave.getState())) void autosave.flush();
    };
  }, [autosave]);

  const fetchLatest = async (): Promise<CourseDetail> => {
    const fresh = await courseApi.detail(course.courseId);
    queryClient.setQueryData(key, fresh);
    return fresh;
  };

  /** Drop my changes: the form shows the latest course. */
  const reload = async () => {
    const fresh = await fetchLatest();
    dirty.current.clear();
    base.current = toFormValues(fresh);
    form.setFieldsValue(base.current);
    autosave.reset(fresh.version, fresh.updateTime);
    setConflict(false);
  };

  /** Keep my changes and save them on the latest version (only the fields I changed). */
  const overwrite = async () => {
    const fresh = await fetchLatest();
    base.current = toFormValues(fresh);
    autosave.rebase(fresh.version);
    setConflict(false);
    await autosave.flush();
  };

  return { autosave, state, edit, conflict, reload, overwrite };
};
