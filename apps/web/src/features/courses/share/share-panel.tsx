import { CopyOutlined, QrcodeOutlined, StopOutlined } from '@ant-design/icons';
import type { Share, ShareList } from '@studio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Flex,
  List,
  Popconfirm,
  Popover,
  Select,
  Skeleton,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../components/copy-text.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { courseKeys, shareApi } from '../course-api.ts';
import { useTeamId } from '../../../lib/current-team.ts';

const EXPIRY = { never: 0, day: 24, week: 24 * 7, month: 24 * 30 } as const;
type Expiry = keyof typeof EXPIRY;

const shareState = (share: Share, now: number): 'active' | 'expired' | 'revoked' => {
  if (share.revoked) return 'revoked';
  if (share.expireTime !== null && share.expireTime <= now) return 'expired';
  return 'active';
};

const STATE_VIEW = {
  active: { color: 'success', key: 'share.stateActive' },
  expired: { color: 'default', key: 'share.stateExpired' },
  revoked: { color: 'error', key: 'share.stateRevoked' },
} as const;

/** Share links of a course: create (expiry, 允许复制), copy, QR code, revoke. */
export const SharePanel = ({ courseId, canManage }: { courseId: number; canManage: boolean }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const teamId = useTeamId();
  const key = courseKeys.shares(teamId, courseId);
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [allowCopy, setAllowCopy] = useState(false);
  const [now] = useState(() => Date.now());
  // Fetched on every open: whether the course is paid follows its price, edited elsewhere.
  const shares = useQuery({
    queryKey: key,
    queryFn: () => shareApi.list(courseId),
    enabled: canManage,
    refetchOnMount: 'always',
  });
  const paid = shares.data?.paid ?? false;

  const copyLink = async (url: string, done = t('share.copied')) => {
    if (await copyText(url)) void message.success(done);
  };
  const create = useMutation({
    mutationFn: () =>
      shareApi.create({
        courseId,
        allowCopy: allowCopy && !paid,
        ...(EXPIRY[expiry] ? { expireHours: EXPIRY[expiry] } : {}),
      }),
    onSuccess: async (share) => {
      queryClient.setQueryData<ShareList>(key, (old) =>
        old ? { ...old, list: [share, ...old.list] } : { list: [share], paid },
      );
      await copyLink(share.url, t('share.created'));
    },
  });
  const revoke = useMutation({
    mutationFn: (shareId: string) => shareApi.revoke(shareId),
    onSuccess: () => {
      void message.success(t('share.revoked'));
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });

  if (!canManage) return <Alert type="info" showIcon title={t('share.noPermission')} />;
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('share.desc')}</Typography.Text>
      {paid && <Alert type="warning" showIcon title={t('share.paidNotice')} />}
      <Flex gap={12} align="center" wrap>
        <Select
          aria-label={t('share.expiry')}
          value={expiry}
          onChange={setExpiry}
          style={{ width: 130 }}
          options={(Object.keys(EXPIRY) as Expiry[]).map((k) => ({
            value: k,
            label: t(`share.expiryOptions.${k}`),
          }))}
        />
        <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          <Switch
            checked={allowCopy && !paid}
            disabled={paid}
            onChange={setAllowCopy}
            aria-label={t('share.allowCopy')}
          />
          {t('share.allowCopy')}
        </label>
        <Button
          type="primary"
          loading={create.isPending}
          // Until the list has said whether the course is paid, the switch may not be final.
          disabled={shares.isFetching}
          onClick={() => create.mutate()}
        >
          {t('share.create')}
        </Button>
      </Flex>
      {shares.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <List
          dataSource={shares.data?.list ?? []}
          locale={{ emptyText: t('share.empty') }}
          renderItem={(share) => {
            const state = shareState(share, now);
            return (
              <List.Item className="share-item">
                <Flex vertical gap={6} style={{ width: '100%' }}>
                  <Typography.Text code ellipsis style={{ maxWidth: '100%' }} data-share-url>
                    {share.url}
                  </Typography.Text>
                  <Flex gap={6} wrap align="center">
                    <Tag color={STATE_VIEW[state].color}>{t(STATE_VIEW[state].key)}</Tag>
                    {share.allowCopy && !paid && <Tag color="blue">{t('share.copyAllowed')}</Tag>}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {share.expireTime
                        ? t('share.expiresAt', { time: formatDateTime(share.expireTime) })
                        : t('share.neverExpires')}{' '}
                      ·{' '}
                      {t('share.createdBy', {
                        name: share.createdBy,
                        time: formatDateTime(share.createTime),
                      })}
                    </Typography.Text>
                  </Flex>
                  {state === 'active' && (
                    <Flex gap={8} wrap>
                      <Button size="small" icon={<CopyOutlined />} onClick={() => void copyLink(share.url)}>
                        {t('share.copyLink')}
                      </Button>
                      <Popover
                        trigger="click"
                        content={
                          <QRCodeSVG value={share.url} size={160} title={t('share.qr', { url: share.url })} />
                        }
                      >
                        <Button size="small" icon={<QrcodeOutlined />}>
                          {t('share.showQr')}
                        </Button>
                      </Popover>
                      <Popconfirm
                        title={t('share.revokeTitle')}
                        description={t('share.revokeDesc')}
                        okText={t('share.revoke')}
                        okButtonProps={{ danger: true }}
                        cancelText={t('common.cancel')}
                        onConfirm={() => revoke.mutateAsync(share.shareId)}
                      >
                        <Button size="small" danger icon={<StopOutlined />}>
                          {t('share.revoke')}
                        </Button>
                      </Popconfirm>
                    </Flex>
                  )}
                </Flex>
              </List.Item>
            );
          }}
        />
      )}
    </Flex>
  );
};
