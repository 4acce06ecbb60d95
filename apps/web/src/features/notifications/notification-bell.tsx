import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Drawer, Grid } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamId } from '../../lib/current-team.ts';
import { useSession } from '../../lib/session-store.ts';
import { NotificationList } from './notification-list.tsx';
import { notificationApi, notificationKeys } from './notifications-api.ts';
import { useNotificationStream } from './use-notification-stream.ts';

/**
 * The header's bell: the unread count (live through the notice stream, and read again on focus),
 * opening the notification centre in a drawer (full width on a phone).
 */
export const NotificationBell = () => {
  const { t } = useTranslation();
  const teamId = useTeamId();
  const signedIn = useSession((s) => s.user !== null);
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState(false);
  const unread = useQuery({
    queryKey: notificationKeys.unread(teamId),
    queryFn: notificationApi.unread,
    enabled: signedIn,
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });
  // Opened once the count has been read: a session the API refuses opens no stream.
  useNotificationStream(signedIn && unread.isSuccess);
  if (!signedIn) return null;
  const count = unread.data ?? 0;
  const label = `${t('notifications.bell')}${count ? ` (${count})` : ''}`;
  return (
    <>
      {/* The count is drawn beside the button, not in it: the button's name carries it, and antd's
          animated digits inside a button would be text its name does not hold (axe). */}
      <Badge count={count} size="small" offset={[-10, 10]}>
        <button
          type="button"
          aria-label={label}
          title={label}
          data-notification-bell={count}
          onClick={() => setOpen(true)}
          // A 40 px target, coloured like the other header buttons.
          style={{
            display: 'inline-flex',
            padding: 11,
            color: 'rgba(0, 0, 0, 0.65)',
            background: 'none',
            border: 0,
            cursor: 'pointer',
          }}
        >
          <BellOutlined style={{ fontSize: 18 }} aria-hidden />
        </button>
      </Badge>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('notifications.title')}
        width={screens.sm ? 420 : '100%'}
        destroyOnHidden
      >
        {open && <NotificationList unread={count} onOpen={() => setOpen(false)} />}
      </Drawer>
    </>
  );
};
