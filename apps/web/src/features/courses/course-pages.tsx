import { lazyNamed } from './lazy-named.tsx';

// The course routes. Each page is its own chunk: the editor (Tiptap) loads only on the lesson page,
// the content renderer only on previews.

const edit = () => import('./edit/course-edit-page.tsx');
const previews = () => import('./preview/preview-pages.tsx');

export const CourseEditPage = lazyNamed(edit, 'CourseEditPage');
export const CourseReleasePage = lazyNamed(() => import('./release/release-page.tsx'), 'CourseReleasePage');
export const LessonEditPage = lazyNamed(() => import('./editor/lesson-edit-page.tsx'), 'LessonEditPage');
export const CoursePreviewPage = lazyNamed(previews, 'CoursePreviewPage');
export const CourseBuyPreviewPage = lazyNamed(previews, 'CourseBuyPreviewPage');
export const LessonPreviewPage = lazyNamed(previews, 'LessonPreviewPage');
/** Embedded previews: no header, no title bar. */
export const CourseIframePreviewPage = lazyNamed(previews, 'CourseIframePreviewPage');
export const LessonIframePreviewPage = lazyNamed(previews, 'LessonIframePreviewPage');
