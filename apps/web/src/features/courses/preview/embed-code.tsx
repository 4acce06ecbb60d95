import { CodeOutlined, CopyOutlined } from '@ant-design/icons';
import { App, Button, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../components/copy-text.ts';

/** The `<iframe>` snippet of an embeddable preview path, with a copy button. */
export const embedSnippet = (path: string, title: string, origin = window.location.origin): string => {
  const safeTitle = title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<iframe src="${origin}${path}" title="${safeTitle}" width="100%" height="640" style="border:0" allowfullscreen></iframe>`;
};

export const EmbedCodeButton = ({ path, title }: { path: string; title: string }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const snippet = embedSnippet(path, title);
  return (
    <>
      <Button icon={<CodeOutlined />} onClick={() => setOpen(true)}>
        {t('preview.embedCode')}
      </Button>
      <Modal
        open={open}
        title={t('preview.embedTitle')}
        onCancel={() => setOpen(false)}
        footer={
          <Button
            type="primary"
            icon={<CopyOutlined />}
            onClick={async () => {
              if (await copyText(snippet)) void message.success(t('preview.copied'));
            }}
          >
            {t('preview.copyCode')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('preview.embedDesc')}</Typography.Paragraph>
        <Input.TextArea
          readOnly
          value={snippet}
          autoSize={{ minRows: 3 }}
          aria-label={t('preview.embedCode')}
          onFocus={(e) => e.target.select()}
          style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 12 }}
        />
      </Modal>
    </>
  );
};
