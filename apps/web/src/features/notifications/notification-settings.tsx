import {
  NOTIFICATION_KINDS,
  SMS_NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSetting,
} from '@studio/contract';
import { kindKey } from './notification-text.ts';
import { useQuery } from '@tanstack/react-query';
import { App, Card, Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../components/query-view.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { notificationApi, notificationKeys } from './notifications-api.ts';

/** 个人中心's panel: per kind, shown in the app and (reminder kinds only) sent by SMS. */
export const NotificationSettingsCard = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const query = useQuery({ queryKey: notificationKeys.settings, queryFn: notificationApi.settings });
  const save = async (setting: NotificationSetting) => {
    const saved = await notificationApi.saveSettings([setting]);
    queryClient.setQueryData(notificationKeys.settings, saved.list);
    void message.success(t('notifications.settings.saved'));
  };
  const name = (kind: NotificationKind) => t(`notifications.kindNames.${kindKey(kind)}`);
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('notifications.settings.title')}</h2>}>
      <Typography.Paragraph type="secondary">{t('notifications.settings.desc')}</Typography.Paragraph>
      <QueryView query={query}>
        {(list) => (
          <Table<NotificationSetting>
            size="small"
            rowKey="kind"
            pagination={false}
            dataSource={NOTIFICATION_KINDS.map((kind) => list.find((s) => s.kind === kind)!).filter(Boolean)}
            columns={[
              {
                title: t('notifications.settings.kind'),
                dataIndex: 'kind',
                render: (kind: NotificationKind) => name(kind),
              },
              {
                title: t('notifications.settings.inApp'),
                dataIndex: 'inApp',
                render: (_: boolean, s) => (
                  <Switch
                    size="small"
                    checked={s.inApp}
                    aria-label={`${name(s.kind)} ${t('notifications.settings.inApp')}`}
                    onChange={(inApp) => void save({ ...s, inApp })}
                  />
                ),
              },
              {
                title: t('notifications.settings.sms'),
                dataIndex: 'sms',
                render: (_: boolean, s) =>
                  SMS_NOTIFICATION_KINDS.includes(s.kind) ? (
                    <Switch
                      size="small"
                      checked={s.sms}
                      aria-label={`${name(s.kind)} ${t('notifications.settings.sms')}`}
                      onChange={(sms) => void save({ ...s, sms })}
                    />
                  ) : null,
              },
            ]}
          />
        )}
      </QueryView>
    </Card>
  );
};
