import { useTranslation } from 'react-i18next';
import { ConflictChoiceDialog } from '../save/conflict-choice-dialog.tsx';

/** 编辑冲突: the lesson save was refused (409). The user picks; either way their text survives. */
export const ConflictDialog = ({
  open,
  onReload,
  onKeepCopy,
}: {
  open: boolean;
  onReload: () => Promise<void>;
  onKeepCopy: () => Promise<void>;
}) => {
  const { t } = useTranslation();
  const texts = {
    title: t('editor.conflict.title'),
    desc: t('editor.conflict.desc'),
    reload: t('editor.conflict.reload'),
    reloadDesc: t('editor.conflict.reloadDesc'),
    other: t('editor.conflict.keep'),
    otherDesc: t('editor.conflict.keepDesc'),
  };
  return <ConflictChoiceDialog open={open} texts={texts} onReload={onReload} onOther={onKeepCopy} />;
};
