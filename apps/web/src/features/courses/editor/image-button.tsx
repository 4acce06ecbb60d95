import { PictureOutlined } from '@ant-design/icons';
import { LIMITS, UPLOAD_MIME_TYPES } from '@studio/contract';
import type { Editor } from '@tiptap/react';
import { App, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkImage, uploadFile } from '../../../lib/upload.ts';
import { insertImage } from './image-insert.ts';
import { lendSlashAction } from './slash-menu/slash-actions.ts';
import { ToolButton } from './tool-button.tsx';

/** 插入图片: pick a file, check it, upload it with progress, insert it where the cursor is (after a code block). */
export const ImageButton = ({ editor, disabled }: { editor: Editor; disabled?: boolean }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  // The slash menu's 插入图片 opens this same picker.
  useEffect(() => lendSlashAction(editor, 'image', () => input.current?.click()), [editor]);

  const upload = async (file: File) => {
    const problem = checkImage(file);
    if (problem) {
      void message.error(t(`upload.${problem}`, { size: LIMITS.uploadMaxBytes / 1024 / 1024 }));
      return;
    }
    setPercent(0);
    try {
      const { url } = await uploadFile('image', file, setPercent);
      const alt = file.name.replace(/\.[^.]+$/, '').slice(0, 200);
      insertImage(editor, { src: url, alt });
    } catch {
      // The request client has shown why.
    } finally {
      setPercent(null);
    }
  };

  return (
    <>
      <ToolButton
        label={t('editor.toolbar.image')}
        icon={<PictureOutlined />}
        disabled={disabled || percent !== null}
        onClick={() => input.current?.click()}
      />
      <input
        ref={input}
        type="file"
        accept={UPLOAD_MIME_TYPES.join(',')}
        aria-label={t('editor.toolbar.image')}
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
      {percent !== null && (
        <Progress
          percent={percent}
          size="small"
          style={{ width: 90, margin: 0 }}
          aria-label={t('editor.toolbar.uploadingImage', { percent })}
        />
      )}
    </>
  );
};
