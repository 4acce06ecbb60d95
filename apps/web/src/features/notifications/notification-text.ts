import type { Notification, NotificationKind } from '@studio/contract';
import type { TFunction } from 'i18next';

/** A kind as an i18n key: `task.dueSoon` → `task_dueSoon` (a dot would nest the key). */
export type KindKey<K extends NotificationKind = NotificationKind> = K extends `${infer A}.${infer B}`
  ? `${A}_${B}`
  : never;
export const kindKey = <K extends NotificationKind>(kind: K) => kind.replace('.', '_') as KindKey<K>;

/** The notice's sentence in the interface language, from its kind and its params (plain text). */
export const notificationText = (t: TFunction, n: Notification): string => {
  const p = n.params;
  const kind = n.kind;
  switch (kind) {
    case 'refund.decided':
      return t(p.approved ? 'notifications.kinds.refundApproved' : 'notifications.kinds.refundRefused', p);
    case 'exam.result':
      return t(p.passed ? 'notifications.kinds.examPassed' : 'notifications.kinds.examFailed', p);
    default:
      return t(`notifications.kinds.${kindKey(kind)}`, p);
  }
};
