import { Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** 编辑冲突: the save was refused (409). The user picks; either way their text survives. */
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
  const [busy, setBusy] = useState<'reload' | 'keep' | null>(null);
  const run = async (which: 'reload' | 'keep') => {
    setBusy(which);
    try {
      await (which === 'reload' ? onReload() : onKeepCopy());
    } catch {
      // The request client has shown why; the dialog stays so the user can try again.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Modal
      open={open}
      title={t('editor.conflict.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={null}
    >
      <Typography.Paragraph>{t('editor.conflict.desc')}</Typography.Paragraph>
      <Flex vertical gap={16}>
        <div>
          <Button
            block
            disabled={busy !== null}
            loading={busy === 'reload'}
            onClick={() => void run('reload')}
          >
            {t('editor.conflict.reload')}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('editor.conflict.reloadDesc')}
          </Typography.Text>
        </div>
        <div>
          <Button
            block
            type="primary"
            disabled={busy !== null}
            loading={busy === 'keep'}
            onClick={() => void run('keep')}
          >
            {t('editor.conflict.keep')}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('editor.conflict.keepDesc')}
          </Typography.Text>
        </div>
      </Flex>
    </Modal>
  );
};
