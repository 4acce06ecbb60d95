import { Routes } from '@studio/contract/constants';
import { useEffect } from 'react';
import { openStream } from '../../lib/sse.ts';
import { refreshNotifications } from './notifications-api.ts';

/**
 * While signed in: the server's notice stream (any process delivering a notice tells this tab through
 * the event bus); each message reads the badge and the lists again. The stream reconnects by itself.
 */
export const useNotificationStream = (enabled: boolean): void => {
  useEffect(() => {
    if (!enabled) return;
    const handle = openStream(Routes.notification.stream, {
      onMessage: (m) => {
        if (!m.data.includes('"keepalive"')) void refreshNotifications();
      },
      onFatal: () => undefined, // the badge still refreshes on focus and every minute
    });
    return () => handle.close();
  }, [enabled]);
};
