/**
 * A released lesson's attachments as a list (附件): for whoever may download, each a link or a
 * button; for others the name and size with a lock. Plain elements, so the server renders it for
 * visitors and the app for members from the same tree.
 */
import type { ReleasedAttachments, ShareAttachments } from '@studio/contract';
import { API_BASE, Routes } from '@studio/contract/constants';
import { useWords } from './words.tsx';

/** Sizes as people read them: 512 B, 3.4 KB, 12 MB. */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
};

/**
 * A visitor's download (the server-rendered page has no session): the server decides for a visitor
 * and sends them on to a fresh signed address, so the page's link never expires.
 */
export const visitorDownloadHref = (courseId: number, lessonId: number, attachmentId: number): string =>
  `${API_BASE}${Routes.attachment.open}?${new URLSearchParams({
    courseId: String(courseId),
    lessonId: String(lessonId),
    attachmentId: String(attachmentId),
  }).toString()}`;

const LockIcon = () => (
  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" className="pp-attachment-lock">
    <path
      fill="currentColor"
      d="M4 7V5a4 4 0 1 1 8 0v2h.5A1.5 1.5 0 0 1 14 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 13.5v-5A1.5 1.5 0 0 1 3.5 7H4Zm1.5 0h5V5a2.5 2.5 0 0 0-5 0v2Z"
    />
  </svg>
);

/** How a downloadable attachment is fetched: a link (the server's page) or a press (the app asks for a signed link). */
export type AttachmentDownload =
  | { hrefOf: (attachmentId: number) => string }
  | { onDownload: (attachmentId: number) => void; busyId?: number | null };

/** A page's lessons' attachment names (a share, the phone preview): each lesson's list, locked. */
export const lockedAttachmentsOf = (attachments: ShareAttachments | undefined) => (lessonId: number) => {
  const list = attachments?.lessons.find((l) => l.lessonId === lessonId)?.list;
  return list && <AttachmentList attachments={{ downloadable: false, list }} />;
};

export const AttachmentList = ({
  attachments,
  download,
}: {
  attachments: ReleasedAttachments;
  /** Not needed for a list nobody may download (a share: names only). */
  download?: AttachmentDownload;
}) => {
  const { t } = useWords();
  if (attachments.list.length === 0) return null;
  return (
    <section className="pp-attachments" aria-label={t('attachments.listLabel')}>
      <h2 className="pp-attachments-title">{t('attachments.title')}</h2>
      <ul>
        {attachments.list.map((a) => (
          <li key={a.attachmentId} className="pp-attachment">
            <span className="pp-attachment-name">
              {!attachments.downloadable && <LockIcon />}
              {a.name}
            </span>
            <span className="pp-attachment-meta">
              {t(`attachments.kind.${a.kind}`)} · {formatBytes(a.sizeBytes)}
            </span>
            {!attachments.downloadable || !download ? (
              <span className="pp-attachment-locked">{t('attachments.locked')}</span>
            ) : 'hrefOf' in download ? (
              <a
                className="pp-button"
                href={download.hrefOf(a.attachmentId)}
                aria-label={t('attachments.downloadName', { name: a.name })}
                rel="nofollow"
              >
                {t('attachments.download')}
              </a>
            ) : (
              <button
                type="button"
                className="pp-button"
                aria-label={t('attachments.downloadName', { name: a.name })}
                disabled={download.busyId === a.attachmentId}
                onClick={() => download.onDownload(a.attachmentId)}
              >
                {t('attachments.download')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
};
