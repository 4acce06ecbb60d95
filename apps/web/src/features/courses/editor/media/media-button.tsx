import { PlaySquareOutlined } from '@ant-design/icons';
import { Code } from '@studio/contract/constants';
import type { Editor } from '@tiptap/react';
import { App } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useTeamId } from '../../../../lib/current-team.ts';
import { ToolButton } from '../tool-button.tsx';
import { trackUpload } from './active-uploads.ts';
import { mediaErrorText } from './media-errors.ts';
import { insertMediaBlock } from './media-insert.ts';
import { isMediaFileName, MEDIA_ACCEPT, MediaUpload } from './media-upload.ts';

/**
 * 上传音视频: pick a video or audio file and upload it resumably; its block goes into the lesson as
 * soon as the server names the media, and the block's card shows the rest. The same file picked
 * again on this lesson (after a reload) resumes where the server stopped.
 */
export const MediaButton = ({ editor, disabled }: { editor: Editor; disabled?: boolean }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const teamId = useTeamId() ?? 0;
  const lessonId = Number(useParams().lessonId) || 0;
  const [starting, setStarting] = useState(false);

  const upload = (file: File) => {
    if (!isMediaFileName(file.name)) {
      void message.error(mediaErrorText(Code.MEDIA_TYPE_REFUSED));
      return;
    }
    if (file.size === 0) {
      void message.error(mediaErrorText(Code.MEDIA_EMPTY));
      return;
    }
    setStarting(true);
    const media = new MediaUpload(file, {
      lessonId,
      teamId,
      onMediaId: (mediaId, u) => {
        trackUpload(mediaId, u);
        insertMediaBlock(editor, { mediaId, kind: u.kind, title: file.name });
        setStarting(false);
      },
    });
    // Refused before the server named a media (quota, size): said here, as there is no block yet.
    const stop = media.subscribe(() => {
      const { phase, mediaId, error } = media.snapshot;
      if (phase === 'failed' && mediaId === null) void message.error(error);
      if (mediaId !== null || phase === 'failed' || phase === 'cancelled') {
        setStarting(false);
        stop();
      }
    });
    void media.start();
  };

  return (
    <>
      <ToolButton
        label={t('editor.toolbar.media')}
        icon={<PlaySquareOutlined />}
        disabled={disabled || starting}
        onClick={() => input.current?.click()}
      />
      <input
        ref={input}
        type="file"
        accept={MEDIA_ACCEPT}
        aria-label={t('editor.toolbar.media')}
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) upload(file);
        }}
      />
    </>
  );
};
