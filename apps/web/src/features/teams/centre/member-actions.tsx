import type { TeamUser } from '@studio/contract';
import { App, Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeRole, removeMember, transferOwnership } from '../team-api.ts';

type Busy = 'role' | 'transfer' | 'remove';

/** Whether the viewer may do anything to this member (the server's abilities on the row). */
export const hasMemberActions = ({ abilities }: TeamUser): boolean =>
  abilities.changeRole || abilities.transferOwner || abilities.remove;

/**
 * The buttons of one member's row, as the server's abilities for it say: role change, ownership
 * transfer and removal (both confirmed). `disabled` while the team is expired (read-only).
 */
export const MemberActions = ({ member, disabled }: { member: TeamUser; disabled: boolean }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<Busy | null>(null);
  const name = member.nickName;

  const run = async (action: Busy, call: () => Promise<void>, done: string) => {
    setBusy(action);
    try {
      await call();
      void message.success(done);
    } catch {
      // Shown by the request client (403 no permission, 542 expired, 20003 the owner).
    } finally {
      setBusy(null);
    }
  };

  const { abilities } = member;
  // The role change toggles between the two roles one can be given.
  const roleTo = abilities.changeRole ? (member.userTeamRole === 'ADMIN' ? 'MEMBER' : 'ADMIN') : null;
  const off = disabled || busy !== null;

  return (
    <Space size={0} wrap role="group" aria-label={t('teamCentre.members.rowActions', { name })}>
      {roleTo && (
        <Button
          type="link"
          size="small"
          disabled={off}
          loading={busy === 'role'}
          onClick={() =>
            void run(
              'role',
              () => changeRole(member.userId, roleTo),
              t('teamCentre.members.roleChanged', { name, role: t(`team.role.${roleTo}`) }),
            )
          }
        >
          {roleTo === 'ADMIN' ? t('teamCentre.members.makeAdmin') : t('teamCentre.members.makeMember')}
        </Button>
      )}
      {abilities.transferOwner && (
        <Popconfirm
          title={t('teamCentre.members.transferConfirm', { name })}
          description={t('teamCentre.members.transferDesc')}
          okText={t('teamCentre.members.transferOk')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          disabled={off}
          onConfirm={() =>
            run(
              'transfer',
              () => transferOwnership(member.userId),
              t('teamCentre.members.transferred', { name }),
            )
          }
        >
          <Button type="link" size="small" disabled={off} loading={busy === 'transfer'}>
            {t('teamCentre.members.transfer')}
          </Button>
        </Popconfirm>
      )}
      {abilities.remove && (
        <Popconfirm
          title={t('teamCentre.members.removeConfirm', { name })}
          description={t('teamCentre.members.removeDesc')}
          okText={t('teamCentre.members.removeOk')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          disabled={off}
          onConfirm={() =>
            run('remove', () => removeMember(member.userId), t('teamCentre.members.removed', { name }))
          }
        >
          <Button type="link" size="small" danger disabled={off} loading={busy === 'remove'}>
            {t('teamCentre.members.remove')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
};
