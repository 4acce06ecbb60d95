import type { Notification } from '@studio/contract';
import { chinaDateTime } from '@studio/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, List, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QueryView } from '../../components/query-view.tsx';
import { useTeamId } from '../../lib/current-team.ts';
import { fromNow } from '../../lib/dayjs.ts';
import { notificationApi, notificationKeys, refreshNotifications } from './notifications-api.ts';
import { notificationText } from './notification-text.ts';

/** The drawer's list: 全部 / 未读, newest first; opening one marks it read and goes to its thing. */
export const NotificationList = ({ onOpen, unread }: { onOpen: () => void; unread: number }) => {
  const { t, i18n } = useTranslation();
  const teamId = useTeamId();
  const navigate = useNavigate();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const query = useQuery({
    queryKey: notificationKeys.list(teamId, unreadOnly),
    queryFn: () => notificationApi.list(unreadOnly),
  });
  const open = async (n: Notification) => {
    if (!n.read) await notificationApi.read(n.id).catch(() => undefined);
    void refreshNotifications();
    if (n.link) {
      onOpen();
      void navigate(n.link);
    }
  };
  const readAll = async () => {
    await notificationApi.readAll();
    await refreshNotifications();
  };
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Segmented
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(v) => setUnreadOnly(v === 'unread')}
          options={[
            { value: 'all', label: t('notifications.all') },
            { value: 'unread', label: t('notifications.unread') },
          ]}
        />
        <Typography.Text type="secondary">
          {t('notifications.unreadCount', { count: unread })}
        </Typography.Text>
        <Button size="small" onClick={() => void readAll()} disabled={unread === 0}>
          {t('notifications.markAllRead')}
        </Button>
      </Flex>
      <QueryView query={query}>
        {(page) =>
          page.list.length === 0 ? (
            <Empty description={t('notifications.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <List
              size="small"
              dataSource={page.list}
              renderItem={(n) => (
                <List.Item data-notification={n.kind} data-read={n.read}>
                  <a
                    href={n.link ?? undefined}
                    onClick={(e) => {
                      e.preventDefault();
                      void open(n);
                    }}
                    style={{ display: 'block', width: '100%', cursor: 'pointer' }}
                  >
                    <Flex gap={8} align="baseline">
                      {!n.read && (
                        <span className="notification-dot" aria-label={t('notifications.unread')} />
                      )}
                      <Flex vertical style={{ minWidth: 0 }}>
                        <Typography.Text strong={!n.read}>{notificationText(t, n)}</Typography.Text>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          <time
                            dateTime={new Date(n.createdAt).toISOString()}
                            title={chinaDateTime(n.createdAt)}
                          >
                            {fromNow(n.createdAt, i18n.language)}
                          </time>
                        </Typography.Text>
                      </Flex>
                    </Flex>
                  </a>
                </List.Item>
              )}
            />
          )
        }
      </QueryView>
    </Flex>
  );
};
