import type { InviteLink } from '@studio/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { accessKeys, fetchInviteLinks, revokeInviteLink } from '../access-api.ts';

const STATE_COLORS: Record<InviteLink['state'], string> = {
  active: 'green',
  expired: 'default',
  usedUp: 'default',
  revoked: 'red',
};

/** 已生成的链接: the team's invite links with uses, expiry and state; a working one can be revoked. */
export const InviteLinks = ({ teamId, canRevoke }: { teamId: number; canRevoke: boolean }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<number | null>(null);
  const links = useQuery({ queryKey: accessKeys.links(teamId), queryFn: fetchInviteLinks, staleTime: 0 });

  const revoke = async (link: InviteLink) => {
    setBusy(link.inviteId);
    try {
      await revokeInviteLink(link.inviteId);
      void message.success(t('teamCentre.access.revoked'));
    } catch {
      // Shown by the request client.
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (links.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (!links.data?.length) {
    body = <Typography.Text type="secondary">{t('teamCentre.access.linksEmpty')}</Typography.Text>;
  } else {
    body = (
      <ul aria-label={t('teamCentre.access.linksTitle')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {links.data.map((link, index) => (
          <li key={link.inviteId} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
            <Flex align="center" gap={12} wrap>
              <div style={{ flex: 1, minWidth: 220 }}>
                <Typography.Text ellipsis copyable={link.state === 'active' ? { text: link.url } : false}>
                  {t('teamCentre.access.linkName', { no: links.data.length - index })}
                </Typography.Text>{' '}
                <Tag color={STATE_COLORS[link.state]}>{t(`teamCentre.access.state.${link.state}`)}</Tag>
                <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 13 }}>
                  {t('teamCentre.access.linkMeta', {
                    role: t(`team.role.${link.role}`),
                    uses: link.uses,
                    max: link.maxUses ?? t('teamCentre.invite.unlimited'),
                    time: formatDateTime(link.expireTime),
                    name: link.creatorName,
                  })}
                </div>
              </div>
              {link.state === 'active' && (
                <Popconfirm
                  title={t('teamCentre.access.revokeConfirm')}
                  okText={t('teamCentre.access.revoke')}
                  onConfirm={() => void revoke(link)}
                >
                  <Button
                    danger
                    size="small"
                    disabled={!canRevoke || (busy !== null && busy !== link.inviteId)}
                    loading={busy === link.inviteId}
                    aria-label={t('teamCentre.access.revokeAction', { no: links.data.length - index })}
                  >
                    {t('teamCentre.access.revoke')}
                  </Button>
                </Popconfirm>
              )}
            </Flex>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="invite-links-title">
      <h3 id="invite-links-title" style={{ fontSize: 14, margin: '0 0 4px' }}>
        {t('teamCentre.access.linksTitle')}
      </h3>
      {body}
    </section>
  );
};
