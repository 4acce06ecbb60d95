import { Button, type NotificationArgsProps } from 'antd';
import { createElement } from 'react';

/**
 * Notices raised outside React (the request client) go through antd's App-bound notification API,
 * registered here by <NoticeBridge>, so they get the theme and locale. Tests register a fake.
 */
export interface NoticeApi {
  error(args: NotificationArgsProps): void;
  warning(args: NotificationArgsProps): void;
}

let api: NoticeApi | null = null;
let errorOpen = false;
let warningOpen = false;

export const setNoticeApi = (next: NoticeApi | null): void => {
  api = next;
};

/** Test hook: forget open notices between cases. */
export const resetNotices = (): void => {
  errorOpen = false;
  warningOpen = false;
};

/**
 * Seed §4: while one error notice is open, further error notices are suppressed until it is closed.
 * Returns whether the notice was shown.
 */
export const showErrorNotice = (
  title: string,
  description: string,
  action?: { text: string; onClick: () => void },
): boolean => {
  if (!api || errorOpen) return false;
  errorOpen = true;
  api.error({
    key: 'request-error',
    title,
    description,
    ...(action
      ? {
          actions: createElement(
            Button,
            { type: 'link', size: 'small', onClick: action.onClick },
            action.text,
          ),
        }
      : {}),
    onClose: () => {
      errorOpen = false;
    },
  });
  return true;
};

/** The session-expired notice: shown once even when several calls fail with 401 together. */
export const showSessionNotice = (description: string): boolean => {
  if (!api || warningOpen) return false;
  warningOpen = true;
  api.warning({
    key: 'session-expired',
    title: description,
    onClose: () => {
      warningOpen = false;
    },
  });
  return true;
};
