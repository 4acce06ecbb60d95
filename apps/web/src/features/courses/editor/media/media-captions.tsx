/**
 * 字幕 of a video or audio block in the editor (issue 47): the media's caption languages, each
 * removable, and an upload of a WebVTT or SRT file for a chosen language (the same language again
 * replaces it). The server converts and checks the file; a refused one is said by the request client
 * (its message: broken timing at line n, too large, too many cues) and nothing is stored.
 */
import { Routes } from '@studio/contract/constants';
import { CAPTION_LIMITS, type CaptionList } from '@studio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Select, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../../lib/call.ts';

/** The languages offered, each named in itself (the same in both interfaces). */
export const CAPTION_LANGUAGES = [
  { lang: 'zh-CN', label: '中文' },
  { lang: 'en', label: 'English' },
  { lang: 'ja', label: '日本語' },
  { lang: 'ko', label: '한국어' },
  { lang: 'fr', label: 'Français' },
  { lang: 'de', label: 'Deutsch' },
  { lang: 'es', label: 'Español' },
  { lang: 'ru', label: 'Русский' },
] as const;

/** A file's text (FileReader: older WebViews and jsdom have no `Blob.text`). */
const readText = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });

const captionKey = (mediaId: number) => ['media', 'captions', mediaId] as const;

export const MediaCaptions = ({
  mediaId,
  editable,
  controls,
}: {
  mediaId: number;
  editable: boolean;
  /** The card's mark for controls whose events are its own (media-card.tsx). */
  controls: Record<string, string>;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const picker = useRef<HTMLInputElement>(null);
  const [lang, setLang] = useState<string>(CAPTION_LANGUAGES[0].lang);
  const list = useQuery({
    queryKey: captionKey(mediaId),
    queryFn: (): Promise<CaptionList> => call.get(Routes.media.captions, { mediaId }, { silent: true }),
    retry: false,
  });
  const refresh = () => client.invalidateQueries({ queryKey: captionKey(mediaId) });
  const upload = useMutation({
    mutationFn: async (file: File) => {
      // Read here only to send: a file far over the limit is refused before it is read at all.
      if (file.size > CAPTION_LIMITS.maxBytes * 4) {
        throw new Error(t('editor.media.captionTooLarge', { maxKb: CAPTION_LIMITS.maxBytes / 1024 }));
      }
      const label = CAPTION_LANGUAGES.find((l) => l.lang === lang)?.label ?? lang;
      return call.post(Routes.media.captionUpload, {
        mediaId,
        lang,
        label,
        fileName: file.name.slice(0, 200),
        text: await readText(file),
      });
    },
    onSuccess: (caption) => {
      void message.success(t('editor.media.captionAdded', { label: caption.label, count: caption.cueCount }));
      void refresh();
    },
    onError: (error) => {
      // The request client has said a server refusal; only the local check is said here.
      if (!('code' in error)) void message.error(error.message);
    },
  });
  const remove = useMutation({
    mutationFn: (captionId: number) => call.post(Routes.media.captionRemove, { captionId }),
    onSuccess: () => void refresh(),
  });

  const items = list.data?.items ?? [];
  if (!editable && items.length === 0) return null;
  return (
    <div className="media-card-captions" {...controls}>
      <span className="media-card-captions-title">{t('editor.media.captions')}</span>
      {/* Said only once the list has come: an upload made before then is not hidden by it. */}
      {list.isSuccess && items.length === 0 && (
        <span className="media-card-detail">{t('editor.media.noCaptions')}</span>
      )}
      {items.map((c) => (
        <Tag key={c.captionId} data-caption={c.lang}>
          {t('editor.media.captionItem', { label: c.label, count: c.cueCount })}
          {editable && (
            <Popconfirm
              title={t('editor.media.captionRemoveConfirm', { label: c.label })}
              onConfirm={() => remove.mutate(c.captionId)}
            >
              <Button
                size="small"
                type="link"
                danger
                aria-label={t('editor.media.captionRemove', { label: c.label })}
              >
                {t('editor.media.remove')}
              </Button>
            </Popconfirm>
          )}
        </Tag>
      ))}
      {editable && (
        <Space size={4} wrap>
          <Select
            size="small"
            value={lang}
            onChange={setLang}
            aria-label={t('editor.media.captionLang')}
            options={CAPTION_LANGUAGES.map((l) => ({ value: l.lang, label: l.label }))}
            style={{ width: 110 }}
          />
          <Button size="small" loading={upload.isPending} onClick={() => picker.current?.click()}>
            {t('editor.media.captionUpload')}
          </Button>
          <input
            ref={picker}
            type="file"
            accept=".vtt,.srt,text/vtt"
            aria-label={t('editor.media.captionFile')}
            hidden
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) upload.mutate(file);
            }}
          />
        </Space>
      )}
    </div>
  );
};
