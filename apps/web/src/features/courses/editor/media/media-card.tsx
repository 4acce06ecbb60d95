import { CustomerServiceOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { NodeViewWrapper, type NodeViewProps } from '@tiptap/react';
import { App, Button, Progress, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamId } from '../../../../lib/current-team.ts';
import { useEditable } from '../quiz/use-editable.ts';
import { trackUpload, useActiveUpload } from './active-uploads.ts';
import { fetchMediaInfo, mediaKeys, storedOffset } from './media-api.ts';
import { MediaCaptions } from './media-captions.tsx';
import { MEDIA_POLL_MS, mediaCardState, mediaSettled, type MediaCardState } from './media-state.ts';
import { MEDIA_ACCEPT, MediaUpload } from './media-upload.ts';
import { readRecord } from './upload-records.ts';
import { formatDuration, formatSpeed } from './upload-stats.ts';
import './media-card.css';

/** Marks the card's controls, whose events are the card's own (see media-editing.ts). */
export const MEDIA_CONTROLS_ATTR = 'data-media-controls';
const controls = { [MEDIA_CONTROLS_ATTR]: '' };

const TAG_COLORS: Record<MediaCardState['kind'], string> = {
  loading: 'default',
  uploading: 'processing',
  interrupted: 'warning',
  processing: 'processing',
  playable: 'success',
  failed: 'error',
  missing: 'default',
};

/** How much of an interrupted upload the server holds, asked once (tus HEAD). */
const useStoredPercent = (mediaId: number | null, asked: boolean): number | null => {
  const [percent, setPercent] = useState<number | null>(null);
  useEffect(() => {
    const record = mediaId === null ? null : readRecord(mediaId);
    if (!asked || !record) return;
    let live = true;
    void storedOffset(record.uploadUrl).then((offset) => {
      if (live && offset !== null && record.size > 0) setPercent(Math.floor((offset / record.size) * 100));
    });
    return () => {
      live = false;
    };
  }, [mediaId, asked]);
  return percent;
};

/**
 * A video or audio block in the editor: its upload (progress, speed, time left, pause, resume,
 * cancel) and then its transcoding, asked of the server every few seconds until it is ready or has
 * failed, so the author writes on meanwhile. The screen is where the player goes (components/media-player).
 */
export const MediaCard = ({ node, editor, updateAttributes, deleteNode, selected }: NodeViewProps) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const editable = useEditable(editor);
  const teamId = useTeamId();
  const picker = useRef<HTMLInputElement>(null);
  const attrs = node.attrs as { mediaId: number | null; kind: string | null; title: string | null };
  const mediaId = attrs.mediaId;
  const local = useActiveUpload(mediaId);
  const phase = local?.state.phase ?? null;
  const sending = phase === 'starting' || phase === 'uploading' || phase === 'paused' || phase === 'failed';
  const info = useQuery({
    queryKey: mediaKeys.info(mediaId ?? 0),
    queryFn: () => fetchMediaInfo(mediaId!),
    enabled: mediaId !== null && !sending,
    retry: false,
    refetchInterval: (query) => (mediaSettled(query.state.data, query.state.error) ? false : MEDIA_POLL_MS),
  });
  const state = mediaCardState(local?.state ?? null, info.data, info.error);
  const storedPercent = useStoredPercent(mediaId, state.kind === 'interrupted');

  // The server's verdict of the kind (by probing) replaces the guess made from the file.
  const serverKind = info.data?.kind;
  useEffect(() => {
    if (editable && serverKind && serverKind !== attrs.kind) updateAttributes({ kind: serverKind });
  }, [editable, serverKind, attrs.kind, updateAttributes]);

  const resumeWith = (file: File) => {
    const record = mediaId === null ? null : readRecord(mediaId);
    if (record && (record.name !== file.name || record.size !== file.size)) {
      void message.error(t('editor.media.pickSameFile', { name: record.name }));
      return;
    }
    const upload = new MediaUpload(file, {
      lessonId: record?.lessonId ?? 0,
      teamId: teamId ?? 0,
      onMediaId: (id, u) => {
        trackUpload(id, u);
        // Not resumable here (another browser began it): a new upload, and the block names it.
        if (id !== mediaId) updateAttributes({ mediaId: id, kind: u.kind, title: file.name.slice(0, 200) });
      },
    });
    void upload.start();
  };

  const label = statusLabel(state, t, storedPercent);
  const Icon = attrs.kind === 'audio' ? CustomerServiceOutlined : VideoCameraOutlined;
  const percent =
    state.kind === 'uploading'
      ? state.upload.percent
      : state.kind === 'processing' || (state.kind === 'playable' && state.percent !== null)
        ? state.percent
        : null;

  return (
    <NodeViewWrapper
      className={`media-card${selected ? ' is-selected' : ''}`}
      contentEditable={false}
      data-drag-handle=""
      data-media-card={mediaId ?? ''}
    >
      {/* The player's place: a poster and the state until components/media-player mounts here. */}
      <div className="media-card-screen" data-media-player-slot={mediaId ?? ''} aria-hidden>
        <Icon />
      </div>
      <div className="media-card-body">
        <div className="media-card-title">{attrs.title || t('editor.media.untitled')}</div>
        <div role="status" aria-live="polite">
          <Tag color={TAG_COLORS[state.kind]}>{label}</Tag>
        </div>
        {percent !== null && (
          <Progress
            percent={percent}
            size="small"
            status={state.kind === 'uploading' && state.upload.phase === 'paused' ? 'normal' : 'active'}
            aria-label={label}
          />
        )}
        {state.kind === 'uploading' && phase === 'uploading' && (state.upload.bytesPerSecond ?? 0) > 0 && (
          <div className="media-card-detail">
            {formatSpeed(state.upload.bytesPerSecond ?? 0)}
            {state.upload.secondsLeft !== null &&
              ` · ${t('editor.media.timeLeft', { time: formatDuration(state.upload.secondsLeft) })}`}
          </div>
        )}
        {editable && (
          <Space size={4} wrap {...controls}>
            {phase === 'uploading' && (
              <Button size="small" onClick={() => void local?.upload.pause()}>
                {t('editor.media.pause')}
              </Button>
            )}
            {(phase === 'paused' || (phase === 'failed' && local?.state.retryable)) && (
              <Button size="small" type="primary" onClick={() => local?.upload.resume()}>
                {t('editor.media.resume')}
              </Button>
            )}
            {local && phase !== 'done' && !(phase === 'failed' && !local.state.retryable) && (
              <Button
                size="small"
                danger
                onClick={() => {
                  void local.upload.cancel();
                  deleteNode();
                }}
              >
                {t('editor.media.cancel')}
              </Button>
            )}
            {state.kind === 'interrupted' && (
              <Button size="small" type="primary" onClick={() => picker.current?.click()}>
                {t('editor.media.pickAgain')}
              </Button>
            )}
          </Space>
        )}
        {state.kind === 'interrupted' && editable && (
          <div className="media-card-detail">{t('editor.media.interruptedHelp')}</div>
        )}
        {mediaId !== null && (info.data?.status === 'processing' || info.data?.status === 'ready') && (
          <MediaCaptions mediaId={mediaId} editable={editable} controls={controls} />
        )}
        <input
          {...controls}
          ref={picker}
          type="file"
          accept={MEDIA_ACCEPT}
          aria-label={t('editor.media.pickAgain')}
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) resumeWith(file);
          }}
        />
      </div>
    </NodeViewWrapper>
  );
};

/** The card's one line of state: 上传中 x% / 转码中 x% / 可播放 / 失败：why. */
export function statusLabel(
  state: MediaCardState,
  t: TFunction,
  storedPercent: number | null = null,
): string {
  switch (state.kind) {
    case 'loading':
      return t('editor.media.loading');
    case 'uploading':
      return state.upload.phase === 'paused'
        ? t('editor.media.paused', { percent: state.upload.percent })
        : t('editor.media.uploading', { percent: state.upload.percent });
    case 'interrupted':
      return storedPercent === null
        ? t('editor.media.interrupted')
        : t('editor.media.interruptedAt', { percent: storedPercent });
    case 'processing':
      return t('editor.media.processing', { percent: state.percent });
    case 'playable':
      return state.percent === null
        ? t('editor.media.playable')
        : t('editor.media.playableMore', { percent: state.percent });
    case 'failed':
      return t('editor.media.failed', { message: state.message });
    case 'missing':
      return t('editor.media.missing');
  }
}
