import { CHINA_TIME_ZONE, WebPaths } from '@studio/contract/constants';
import type { ShareAttachments, ShareView } from '@studio/contract';
import type { ReactNode } from 'react';
import { dateTimeFormat } from '../lib/date-format.ts';
import { lockedAttachmentsOf } from './attachment-list.tsx';
import { CourseHeading, CourseLessons } from './course-parts.tsx';
import { ActionLink } from './public-shell.tsx';
import { useWords } from './words.tsx';

/** Times read as in China, where the product's users are (a server's own zone is no one's). */
const formatTime = (ms: number, lang: string) =>
  dateTimeFormat(lang, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: CHINA_TIME_ZONE,
  }).format(ms);

/**
 * /share/:shareId: the shared course, read-only; a paid one locks all but its free lessons and offers
 * its buy page. `copy` is what copying takes (a visitor: 登录后复制; in the app: the copy button).
 * `attachments`: each lesson's attachment names, shown locked (a share hands out no file).
 */
export const ShareScreen = ({
  view,
  copy,
  attachments,
}: {
  view: ShareView;
  copy?: ReactNode;
  attachments?: ShareAttachments;
}) => {
  const { t, lang } = useWords();
  const { share, course } = view;
  const buy = share.paid ? (
    share.listed ? (
      <ActionLink href={WebPaths.storePreview(course.courseId)}>{t('share.page.buy')}</ActionLink>
    ) : (
      <p className="pp-muted">{t('share.page.notForSale')}</p>
    )
  ) : null;
  return (
    <>
      <p className="pp-notice">
        <span className="pp-tag pp-tag-blue">{t('share.page.readOnly')}</span>
        {share.paid && <span className="pp-tag pp-tag-gold">{t('share.page.paid')}</span>}
        <span>{t('share.page.sharedBy', { team: course.teamName })}</span>
        {share.paid && <span>{t('share.page.paidDesc')}</span>}
        {share.expireTime !== null && (
          <span className="pp-muted">
            {t('share.page.expiresAt', { time: formatTime(share.expireTime, lang) })}
          </span>
        )}
      </p>
      <div className="pp-card">
        <CourseHeading course={course}>{share.allowCopy && copy}</CourseHeading>
      </div>
      <CourseLessons
        lessons={course.lessons}
        lockedAction={buy}
        courseId={course.courseId}
        shareId={share.shareId}
        attachmentsOf={lockedAttachmentsOf(attachments)}
      />
    </>
  );
};

/** A visitor's way to copy an allowed share: log in, then come back here. */
export const LoginToCopy = ({ shareId }: { shareId: string }) => {
  const { t } = useWords();
  return (
    <a href={WebPaths.loginBack(WebPaths.share(shareId))} className="pp-button">
      {t('share.page.loginToCopy')}
    </a>
  );
};
