import type { CourseCategory, CourseDetail } from '@studio/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { courseApi, courseKeys, type CourseModify } from '../course-api.ts';
import { useTeamId } from '../course-bits.tsx';
import { showFailure } from '../course-queries.ts';
import { fenToYuan, yuanToFen } from '../price.ts';
import { InvalidInputError } from '../save/autosave.ts';
import { useAutosave } from '../save/use-autosave.ts';

export interface CourseFormValues {
  title: string;
  subtitle: string;
  summary: string;
  cover: string;
  category: CourseCategory | null;
  tags: string[];
  /** Yuan, as typed; null = no price. */
  price: number | null;
}

export const toFormValues = (course: CourseDetail): CourseFormValues => ({
  title: course.title,
  subtitle: course.subtitle,
  summary: course.summary,
  cover: course.cover,
  category: course.category,
  tags: course.tags,
  price: fenToYuan(course.price),
});

export const toModifyBody = (values: CourseFormValues): Omit<CourseModify, 'courseId' | 'version'> => ({
  title: values.title.trim(),
  subtitle: (values.subtitle ?? '').trim(),
  summary: (values.summary ?? '').trim(),
  cover: values.cover ?? '',
  category: values.category ?? null,
  tags: (values.tags ?? []).map((tag) => tag.trim()).filter(Boolean),
  price: yuanToFen(values.price),
});

/**
 * Autosave of the course details (1 s after the last change): the whole form on the version it was
 * loaded at. 409 opens the conflict dialog, which reloads or overwrites.
 */
export const useCourseInfoSave = (course: CourseDetail, form: FormInstance<CourseFormValues>) => {
  const queryClient = useQueryClient();
  const teamId = useTeamId();
  const key = courseKeys.detail(teamId, course.courseId);
  const [conflict, setConflict] = useState(false);

  const { autosave, state } = useAutosave({
    version: course.version,
    savedAt: course.updateTime,
    delayMs: 1000,
    save: async (version) => {
      let values: CourseFormValues;
      try {
        values = await form.validateFields();
      } catch {
        throw new InvalidInputError();
      }
      const saved = await courseApi.modify(
        { courseId: course.courseId, version, ...toModifyBody(values) },
        { silent: true },
      );
      queryClient.setQueryData<CourseDetail>(key, (old) => (old ? { ...old, ...saved } : old));
      return { version: saved.version, updateTime: saved.updateTime };
    },
    onConflict: () => setConflict(true),
    onError: showFailure,
  });

  const fetchLatest = async (): Promise<CourseDetail> => {
    const fresh = await courseApi.detail(course.courseId);
    queryClient.setQueryData(key, fresh);
    return fresh;
  };

  /** Drop my changes: the form shows the latest course. */
  const reload = async () => {
    const fresh = await fetchLatest();
    form.setFieldsValue(toFormValues(fresh));
    autosave.reset(fresh.version, fresh.updateTime);
    setConflict(false);
  };

  /** Keep my changes and save them on the latest version. */
  const overwrite = async () => {
    const fresh = await fetchLatest();
    autosave.rebase(fresh.version);
    setConflict(false);
    await autosave.flush();
  };

  return { autosave, state, conflict, reload, overwrite };
};
