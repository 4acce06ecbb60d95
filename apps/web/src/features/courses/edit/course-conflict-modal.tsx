import { Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  const [busy, setBusy] = useState<'reload' | 'overwrite' | null>(null);
  const run = async (which: 'reload' | 'overwrite') => {
    setBusy(which);
    try {
      await (which === 'reload' ? onReload() : onOverwrite());
    } catch {
      // The request client has shown why; the dialog stays open.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Modal
      open={open}
      title={t('course.edit.conflictTitle')}
      closable={false}
      maskClosable={false}
      footer={null}
    >
      <Typography.Paragraph>{t('course.edit.conflictDesc')}</Typography.Paragraph>
      <Flex vertical gap={12}>
        <div>
          <Button block loading={busy === 'reload'} onClick={() => void run('reload')}>
            {t('course.edit.reload')}
          </Button>
          <Typography.Text type="secondary">{t('course.edit.reloadDesc')}</Typography.Text>
        </div>
        <div>
          <Button block type="primary" loading={busy === 'overwrite'} onClick={() => void run('overwrite')}>
            {t('course.edit.overwrite')}
          </Button>
          <Typography.Text type="secondary">{t('course.edit.overwriteDesc')}</Typography.Text>
        </div>
      </Flex>
    </Modal>
  );
};
