import type { TeamUser } from '@studio/contract';
import { App, Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeRole, removeMember, transferOwnership } from '../team-api.ts';
import type { MemberAction } from '../team-permissions.ts';

/** The buttons of one member's row: role change, ownership transfer and removal (both confirmed). */
export const MemberActions = ({
  member,
  actions,
  disabled,
}: {
  member: TeamUser;
  actions: MemberAction[];
  disabled: boolean;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<MemberAction | null>(null);
  const name = member.nickName;

  const run = async (action: MemberAction, call: () => Promise<void>, done: string) => {
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

  const roleTo = actions.includes('makeAdmin') ? 'ADMIN' : actions.includes('makeMember') ? 'MEMBER' : null;
  const off = disabled || busy !== null;

  return (
    <Space size={0} wrap role="group" aria-label={t('teamCentre.members.rowActions', { name })}>
      {roleTo && (
        <Button
          type="link"
          size="small"
          disabled={off}
          loading={busy === 'makeAdmin' || busy === 'makeMember'}
          onClick={() =>
            void run(
              roleTo === 'ADMIN' ? 'makeAdmin' : 'makeMember',
              () => changeRole(member.userId, roleTo),
              t('teamCentre.members.roleChanged', { name, role: t(`team.role.${roleTo}`) }),
            )
          }
        >
          {roleTo === 'ADMIN' ? t('teamCentre.members.makeAdmin') : t('teamCentre.members.makeMember')}
        </Button>
      )}
      {actions.includes('transfer') && (
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
      {actions.includes('remove') && (
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
