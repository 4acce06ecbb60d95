import { useTranslation } from 'react-i18next';
import { ConflictChoiceDialog } from '../save/conflict-choice-dialog.tsx';

/** The course details were saved elsewhere (409): reload theirs, or save mine on top. */
export const CourseConflictModal = ({
  open,
  onReload,
  onOverwrite,
}: {
  open: boolean;
  onReload: () => Promise<void>;
  onOverwrite: () => Promise<void>;
}) => {
  const { t } = useTranslation();
  const texts = {
    title: t('course.edit.conflictTitle'),
    desc: t('course.edit.conflictDesc'),
    reload: t('course.edit.reload'),
    reloadDesc: t('course.edit.reloadDesc'),
    other: t('course.edit.overwrite'),
    otherDesc: t('course.edit.overwriteDesc'),
  };
  return <ConflictChoiceDialog open={open} texts={texts} onReload={onReload} onOther={onOverwrite} />;
};
