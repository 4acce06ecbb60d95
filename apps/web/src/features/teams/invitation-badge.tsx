import { MailOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { fetchMyInvitations, invitationKeys } from './invitations-api.ts';

/**
 * Header: how many team invitations wait for the user, linking to /selectTeam where they are
 * answered. Asked again whenever the window regains focus; nothing shows while there are none.
 */
export const InvitationBadge = () => {
  const { t } = useTranslation();
  const invitations = useQuery({
    queryKey: invitationKeys.mine,
    queryFn: fetchMyInvitations,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  const count = invitations.data?.length ?? 0;
  if (count === 0) return null;
  const label = t('teamCentre.invitations.badge', { count });
  return (
    <Link
      to={WebPaths.selectTeam}
      aria-label={label}
      title={label}
      // A 40 px target, coloured like the other header buttons.
      style={{ display: 'inline-flex', padding: 11, color: 'rgba(0, 0, 0, 0.65)' }}
    >
      <Badge count={count} size="small">
        <MailOutlined style={{ fontSize: 18 }} aria-hidden />
      </Badge>
    </Link>
  );
};
