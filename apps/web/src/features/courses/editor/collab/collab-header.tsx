import { type CodeMessageKey, codeEntryOf } from '@studio/contract/constants';
import { Avatar, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Awareness } from 'y-protocols/awareness';
import type { CollabStatus } from './collab-state.ts';
import type { CollabUser } from './use-collab.ts';

/** The words for a status: a refusal says its code's message (the contract's table). */
export const useStatusText = (status: CollabStatus): string => {
  const { t } = useTranslation();
  if (status.kind !== 'refused') return t(`editor.collab.${status.kind}`);
  const entry = codeEntryOf(status.code);
  return entry ? t(entry.key as CodeMessageKey) : t('editor.collab.refused');
};

/** 连接中 / 同步中 / 已同步 / 离线…: the live connection, in the editor header. */
export const CollabStatusTag = ({ status, settled }: { status: CollabStatus; settled: boolean }) => {
  const text = useStatusText(status);
  return (
    <Tag
      // Colours per status in lesson-editor.css (antd's preset tag colours are under 4.5:1).
      role="status"
      aria-live="polite"
      className="collab-status"
      data-collab-status={status.kind}
      // The page's one "everything has reached the server" mark (the journeys wait for it).
      data-save-status={status.kind === 'synced' && settled ? 'saved' : 'pending'}
    >
      {text}
    </Tag>
  );
};

/** The distinct users in an awareness (one per person, whatever number of tabs), this client last. */
export const awarenessUsers = (awareness: Pick<Awareness, 'getStates' | 'clientID'>): CollabUser[] => {
  const seen = new Map<number, CollabUser>();
  const mine = (awareness.getStates().get(awareness.clientID) as { user?: CollabUser } | undefined)?.user;
  for (const [clientId, state] of awareness.getStates()) {
    if (clientId === awareness.clientID) continue;
    const user = (state as { user?: Partial<CollabUser> }).user;
    if (!user || typeof user.id !== 'number' || typeof user.name !== 'string') continue;
    if (mine && user.id === mine.id) continue;
    if (!seen.has(user.id))
      seen.set(user.id, { id: user.id, name: user.name, color: String(user.color ?? '#888') });
  }
  return [...seen.values()];
};

/** Who else is in this lesson now: an avatar each, the name on hover and for screen readers. */
export const PresenceAvatars = ({ awareness }: { awareness: Awareness }) => {
  const { t } = useTranslation();
  const [users, setUsers] = useState(() => awarenessUsers(awareness));
  useEffect(() => {
    const update = () => setUsers(awarenessUsers(awareness));
    awareness.on('change', update);
    update();
    return () => awareness.off('change', update);
  }, [awareness]);
  if (!users.length) return null;
  return (
    <span className="collab-presence" aria-label={t('editor.collab.here')}>
      <Avatar.Group max={{ count: 4 }} size="small">
        {users.map((u) => (
          <Tooltip key={u.id} title={u.name}>
            <Avatar style={{ backgroundColor: u.color }} aria-label={u.name}>
              {u.name.slice(0, 1) || '?'}
            </Avatar>
          </Tooltip>
        ))}
      </Avatar.Group>
      <span className="collab-presence-names">
        {t('editor.collab.editing', { names: users.map((u) => u.name).join('、') })}
      </span>
    </span>
  );
};
