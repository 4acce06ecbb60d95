import { Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';

export type ConflictTexts = {
  title: string;
  desc: string;
  reload: string;
  reloadDesc: string;
  other: string;
  otherDesc: string;
};

/**
 * A save was refused as stale (409): the user chooses to reload the server's version or to keep
 * their own (a copy, or on top). While one choice runs the other waits; a failure keeps the dialog.
 */
export const ConflictChoiceDialog = ({
  open,
  texts,
  onReload,
  onOther,
}: {
  open: boolean;
  texts: ConflictTexts;
  onReload: () => Promise<void>;
  onOther: () => Promise<void>;
}) => {
  const [busy, setBusy] = useState<'reload' | 'other' | null>(null);
  const run = async (which: 'reload' | 'other') => {
    setBusy(which);
    try {
      await (which === 'reload' ? onReload() : onOther());
    } catch {
      // The request client has shown why; the dialog stays so the user can try again.
    } finally {
      setBusy(null);
    }
  };
  const choice = (which: 'reload' | 'other', label: string, desc: string) => (
    <div>
      <Button
        block
        type={which === 'other' ? 'primary' : 'default'}
        disabled={busy !== null}
        loading={busy === which}
        onClick={() => void run(which)}
      >
        {label}
      </Button>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {desc}
      </Typography.Text>
    </div>
  );
  return (
    <Modal
      open={open}
      title={texts.title}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
    >
      <Typography.Paragraph>{texts.desc}</Typography.Paragraph>
      <Flex vertical gap={16}>
        {choice('reload', texts.reload, texts.reloadDesc)}
        {choice('other', texts.other, texts.otherDesc)}
      </Flex>
    </Modal>
  );
};
