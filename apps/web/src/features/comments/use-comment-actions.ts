import type { Comment, CommentThread } from '@studio/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { commentApi, commentKeys } from './comments-api.ts';
import type { ThreadActions } from './comment-thread.tsx';

/** Reply, resolve/reopen, delete; every change refetches the team's comment lists and counts. */
export const useCommentActions = (): ThreadActions & { refresh: () => Promise<void> } => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: commentKeys.all });
  return {
    refresh,
    reply: async (thread: CommentThread, draft) => {
      await commentApi.reply({ threadId: thread.commentId, ...draft });
      await refresh();
    },
    resolve: async (thread: CommentThread, resolved: boolean) => {
      await (resolved ? commentApi.resolve(thread.commentId) : commentApi.reopen(thread.commentId));
      await refresh();
    },
    remove: async (comment: Comment) => {
      await commentApi.remove(comment.commentId);
      void message.success(t('comments.removed'));
      await refresh();
    },
  };
};
