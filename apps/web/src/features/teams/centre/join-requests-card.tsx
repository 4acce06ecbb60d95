import { UserOutlined } from '@ant-design/icons';
import type { JoinRequest } from '@studio/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { accessKeys, decideJoinRequest, fetchJoinRequests } from '../access-api.ts';

/**
 * 加入申请: who asked to join by the team code while 加入需审批 is on; 同意 makes them a member, 拒绝
 * (confirmed) leaves them outside. Shown while approval is on or a request waits.
 */
export const JoinRequestsCard = ({
  teamId,
  approval,
  canDecide,
}: {
  teamId: number;
  approval: boolean;
  canDecide: boolean;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<number | null>(null);
  const requests = useQuery({
    queryKey: accessKeys.requests(teamId),
    queryFn: fetchJoinRequests,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  const list = requests.data ?? [];
  if (!approval && list.length === 0) return null;

  const decide = async (request: JoinRequest, approve: boolean) => {
    setBusy(request.requestId);
    try {
      await decideJoinRequest(request.requestId, approve);
      void message.success(
        t(approve ? 'teamCentre.joinRequests.approved' : 'teamCentre.joinRequests.declined', {
          name: request.nickName,
        }),
      );
    } catch {
      // Shown by the request client (20021: decided meanwhile).
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('teamCentre.joinRequests.title')}</h2>}>
      {list.length === 0 ? (
        <Typography.Text type="secondary">{t('teamCentre.joinRequests.empty')}</Typography.Text>
      ) : (
        <ul
          aria-label={t('teamCentre.joinRequests.title')}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {list.map((request) => {
            const off = !canDecide || (busy !== null && busy !== request.requestId);
            return (
              <li key={request.requestId} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
                <Flex align="center" gap={12} wrap>
                  <Avatar src={request.headImage || undefined} icon={<UserOutlined />} alt="" />
                  <div style={{ flex: 1, minWidth: 180 }}>
                    <Typography.Text strong>
                      {request.nickName} <Typography.Text type="secondary">{request.phone}</Typography.Text>
                    </Typography.Text>
                    <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 13 }}>
                      {t('teamCentre.joinRequests.since', { time: formatDateTime(request.createTime) })}
                    </div>
                  </div>
                  <Popconfirm
                    title={t('teamCentre.joinRequests.declineConfirm', { name: request.nickName })}
                    okText={t('teamCentre.joinRequests.decline')}
                    onConfirm={() => void decide(request, false)}
                  >
                    <Button
                      disabled={off}
                      aria-label={t('teamCentre.joinRequests.declineAction', { name: request.nickName })}
                    >
                      {t('teamCentre.joinRequests.decline')}
                    </Button>
                  </Popconfirm>
                  <Button
                    type="primary"
                    disabled={off}
                    loading={busy === request.requestId}
                    aria-label={t('teamCentre.joinRequests.approveAction', { name: request.nickName })}
                    onClick={() => void decide(request, true)}
                  >
                    {t('teamCentre.joinRequests.approve')}
                  </Button>
                </Flex>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
};
