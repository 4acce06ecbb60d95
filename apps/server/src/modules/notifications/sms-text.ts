/** The SMS text of a notice a member opted to receive by SMS (reminders), in Chinese. */
import type { Notice } from './notifications.service.ts';

export function smsText(notice: Notice): string {
  const title = String(notice.params.title ?? '');
  const due = String(notice.params.dueDay ?? '');
  switch (notice.kind) {
    case 'task.assigned':
      return `【学习任务】您有新的学习任务「${title}」，请于 ${due} 前完成。`;
    case 'task.dueSoon':
      return `【学习提醒】学习任务「${title}」将于 ${due} 截止，请尽快完成。`;
    case 'task.overdue':
      return `【学习提醒】学习任务「${title}」已于 ${due} 逾期，请尽快完成。`;
    default:
      return `【通知】${title}`;
  }
}
