import type { Comment, CommentThread } from '@studio/contract';
import { Avatar, Button, Card, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.ts';
import { CommentComposer, type CommentDraft } from './comment-composer.tsx';

export type ThreadActions = {
  reply: (thread: CommentThread, draft: CommentDraft) => Promise<unknown>;
  resolve: (thread: CommentThread, resolved: boolean) => Promise<unknown>;
  remove: (comment: Comment) => Promise<unknown>;
};

const CommentLine = ({
  comment,
  onRemove,
  isThread,
}: {
  comment: Comment;
  onRemove?: () => void;
  isThread: boolean;
}) => {
  const { t } = useTranslation();
  const name = comment.author?.nickName ?? t('comments.deletedUser');
  return (
    <Flex gap={8} align="start" data-comment={comment.commentId}>
      <Avatar size="small" src={comment.authorAvatar || undefined}>
        {name.slice(0, 1)}
      </Avatar>
      <Flex vertical style={{ minWidth: 0, flex: 1 }}>
        <Flex gap={6} align="baseline" wrap>
          <Typography.Text strong>{name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(comment.createTime)}
          </Typography.Text>
          {comment.canDelete && onRemove && (
            <Popconfirm
              title={isThread ? t('comments.removeConfirm') : t('comments.removeReplyConfirm')}
              onConfirm={onRemove}
            >
              <Button type="link" size="small" danger style={{ padding: 0, height: 'auto' }}>
                {t('comments.remove')}
              </Button>
            </Popconfirm>
          )}
        </Flex>
        {/* Plain text: React escapes it, and line breaks stay. */}
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
          {comment.body}
        </Typography.Paragraph>
      </Flex>
    </Flex>
  );
};

/** One thread: the quoted text, the comment, its replies, resolve/reopen and a reply box. */
export const CommentThreadCard = ({
  thread,
  actions,
  writable,
  active,
  onFocus,
}: {
  thread: CommentThread;
  actions: ThreadActions;
  writable: boolean;
  active?: boolean;
  onFocus?: (thread: CommentThread) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      data-thread={thread.commentId}
      data-resolved={thread.resolved}
      style={active ? { borderColor: '#d48806' } : undefined}
      onClick={() => onFocus?.(thread)}
    >
      <Flex vertical gap={8}>
        {thread.quote && (
          <Typography.Text type="secondary" className="comment-quote" aria-label={t('comments.quote')}>
            「{thread.quote}」
          </Typography.Text>
        )}
        <CommentLine
          comment={thread}
          isThread
          onRemove={writable ? () => void actions.remove(thread) : undefined}
        />
        {thread.replies.map((r) => (
          <div key={r.commentId} style={{ paddingInlineStart: 24 }}>
            <CommentLine
              comment={r}
              isThread={false}
              onRemove={writable ? () => void actions.remove(r) : undefined}
            />
          </div>
        ))}
        <Flex gap={8} align="center" wrap>
          {thread.resolved && (
            <Tag color="success">
              {thread.resolvedBy
                ? t('comments.resolvedBy', { name: thread.resolvedBy.nickName })
                : t('comments.resolved')}
            </Tag>
          )}
          {writable && thread.canResolve && (
            <Button size="small" onClick={() => void actions.resolve(thread, !thread.resolved)}>
              {thread.resolved ? t('comments.reopen') : t('comments.resolve')}
            </Button>
          )}
        </Flex>
        {writable && !thread.resolved && (
          <CommentComposer
            placeholder={t('comments.replyPlaceholder')}
            onSend={(draft) => actions.reply(thread, draft)}
          />
        )}
      </Flex>
    </Card>
  );
};
