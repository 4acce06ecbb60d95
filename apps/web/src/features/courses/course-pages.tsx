import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon.tsx';

// Course and lesson authoring, previews and release are later work; these are their placeholders.

const Placeholder = ({ title, home = true }: { title: string; home?: boolean }) => (
  <ComingSoon title={title} home={home} />
);

export const CourseEditPage = () => <Placeholder title={useTranslation().t('pages.courseEdit')} />;
export const CoursePreviewPage = () => <Placeholder title={useTranslation().t('pages.coursePreview')} />;
export const CourseBuyPreviewPage = () => (
  <Placeholder title={useTranslation().t('pages.courseBuyPreview')} />
);
export const CourseReleasePage = () => <Placeholder title={useTranslation().t('pages.courseRelease')} />;
export const LessonEditPage = () => <Placeholder title={useTranslation().t('pages.lessonEdit')} />;
export const LessonPreviewPage = () => <Placeholder title={useTranslation().t('pages.lessonPreview')} />;
/** Embedded previews: no header and no home link. */
export const CourseIframePreviewPage = () => (
  <Placeholder title={useTranslation().t('pages.embedPreview')} home={false} />
);
export const LessonIframePreviewPage = () => (
  <Placeholder title={useTranslation().t('pages.lessonPreview')} home={false} />
);
