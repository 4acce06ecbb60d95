import { ClockCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TeamAvatar } from '../../components/team-avatar.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { accessKeys, fetchMyJoinRequests } from './access-api.ts';

/**
 * /selectTeam: the teams this user asked to join by code while they ask for approval (加入需审批),
 * each 待审批 until an OWNER/ADMIN decides; an approved one then appears among the teams.
 */
export const MyJoinRequests = () => {
  const { t } = useTranslation();
  const requests = useQuery({
    queryKey: accessKeys.mine,
    queryFn: fetchMyJoinRequests,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  const list = requests.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card
      role="region"
      aria-label={t('teamCentre.joinRequests.mineTitle')}
      style={{ marginBottom: 16 }}
      title={
        <Flex gap={8} align="center">
          <ClockCircleOutlined aria-hidden />
          <h2 style={{ fontSize: 16, margin: 0 }}>{t('teamCentre.joinRequests.mineTitle')}</h2>
        </Flex>
      }
    >
      <Flex vertical gap={12} role="list">
        {list.map((request) => (
          <Flex role="listitem" key={request.requestId} gap={12} align="center" wrap>
            <TeamAvatar name={request.teamName} logo={request.teamLogo} size={40} />
            <div style={{ flex: 1, minWidth: 200 }}>
              <Typography.Text strong>
                {t('teamCentre.joinRequests.mineItem', { team: request.teamName })}
              </Typography.Text>
              <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 13, marginTop: 2 }}>
                {t('teamCentre.joinRequests.mineSince', { time: formatDateTime(request.createTime) })}
              </div>
            </div>
            <Tag color="orange">{t('teamCentre.joinRequests.pending')}</Tag>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
};
