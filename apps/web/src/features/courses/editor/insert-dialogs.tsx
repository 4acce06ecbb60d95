import type { Editor } from '@tiptap/react';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { safeUrl } from '../../../components/content-view/doc-filter.ts';
import { isVideoPageUrl, toEmbedUrl } from '../../../components/content-view/video-embed.ts';

/** One URL field in a dialog, checked as the server will before anything is inserted. */
const UrlDialog = ({
  open,
  title,
  label,
  placeholder,
  help,
  initial,
  isValid,
  invalidMessage,
  hint,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  placeholder: string;
  help?: string;
  initial: string;
  isValid: (url: string) => boolean;
  invalidMessage: string;
  hint?: (url: string) => string | null;
  onSubmit: (url: string) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ url: string }>();
  const url = Form.useWatch('url', form) ?? '';
  const submit = async () => {
    const values = await form.validateFields();
    onSubmit(values.url.trim());
    onClose();
  };
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ url: initial }}
        onFinish={() => void submit()}
        preserve={false}
      >
        <Form.Item
          name="url"
          label={label}
          extra={help}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (!isValid((value ?? '').trim())) throw new Error(invalidMessage);
              },
            },
          ]}
        >
          <Input autoFocus placeholder={placeholder} inputMode="url" />
        </Form.Item>
        {hint && url.trim() && isValid(url.trim()) && (
          <Typography.Text type="secondary">{hint(url.trim())}</Typography.Text>
        )}
      </Form>
    </Modal>
  );
};

export const LinkDialog = ({
  editor,
  open,
  onClose,
}: {
  editor: Editor;
  open: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  return (
    <UrlDialog
      open={open}
      title={t('editor.link.title')}
      label={t('editor.link.url')}
      placeholder={t('editor.link.placeholder')}
      initial={current}
      isValid={(url) => safeUrl(url, true) !== undefined && !url.startsWith('/')}
      invalidMessage={t('editor.link.invalid')}
      onClose={onClose}
      onSubmit={(href) => {
        const chain = editor.chain().focus();
        if (editor.state.selection.empty && !editor.isActive('link')) {
          chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
        } else chain.extendMarkRange('link').setLink({ href }).run();
      }}
    />
  );
};

export const VideoDialog = ({
  editor,
  open,
  onClose,
}: {
  editor: Editor;
  open: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <UrlDialog
      open={open}
      title={t('editor.video.title')}
      label={t('editor.video.url')}
      placeholder={t('editor.video.placeholder')}
      help={t('editor.video.help')}
      initial=""
      isValid={isVideoPageUrl}
      invalidMessage={t('editor.video.invalid')}
      hint={(url) => (toEmbedUrl(url) ? t('editor.video.embedded') : t('editor.video.asLink'))}
      onClose={onClose}
      onSubmit={(src) => editor.chain().focus().insertVideoEmbed(src).run()}
    />
  );
};
