/**
 * The player inside the app: the interface language, the session's viewer (the watermark: the stored
 * user's phone and current team) and `/api/media/play` through the request client (the token header,
 * its failures shown by the player itself, so silent).
 */
import type { MediaPlay, MediaPlayBody } from '@studio/contract';
import { Routes, type UiLang } from '@studio/contract/constants';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session-store.ts';
import { MediaPlayer } from './media-player.tsx';
import { useMediaPlace } from './media-place.ts';
import type { MediaViewer } from './watermark.ts';
import { call } from '../../lib/call.ts';

export const appFetchPlay = (body: MediaPlayBody): Promise<MediaPlay> =>
  call.post(Routes.media.play, body, { silent: true, stayOnPage: true });

/** The viewer the session names, or null when logged out. */
export const useMediaViewer = (): MediaViewer | null => {
  const user = useSession((s) => s.user);
  return user ? { phone: user.phone, teamName: user.lastTeam?.teamName ?? null } : null;
};

export const AppMediaPlayer = ({
  mediaId,
  kind,
  title,
}: {
  mediaId: number;
  kind: 'video' | 'audio';
  title: string;
}) => {
  const { i18n } = useTranslation();
  const place = useMediaPlace();
  const viewer = useMediaViewer();
  const hooks = place.hooksFor?.(mediaId);
  return (
    <MediaPlayer
      mediaId={mediaId}
      kind={kind}
      title={title}
      courseId={place.courseId}
      lessonId={place.lessonId}
      shareId={place.shareId}
      paid={place.paid}
      lang={i18n.language as UiLang}
      viewer={viewer}
      fetchPlay={appFetchPlay}
      session={place.session}
      startAtMs={hooks?.startAtMs}
      onMediaElement={hooks?.onMediaElement}
      noSeekAhead={hooks?.noSeekAhead}
      watchedToMs={hooks?.watchedToMs}
    />
  );
};
