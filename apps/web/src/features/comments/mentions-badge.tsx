import { BellOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommentMention } from '@studio/contract';
import { Badge, Button, Empty, Flex, List, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { QueryView } from '../../components/query-view.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useTeamId } from '../../lib/current-team.ts';
import { commentApi, commentKeys } from './comments-api.ts';

const mentionPath = (m: CommentMention) => `${WebPaths.lesson(m.courseId, m.lessonId)}?comment=${m.threadId}`;

/** The list under the badge: unread first; opening one marks it read and goes to its lesson's thread. */
const MentionList = ({ onOpen }: { onOpen: () => void }) => {
  const { t } = useTranslation();
  const teamId = useTeamId();
  const client = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery({ queryKey: commentKeys.mentions(teamId), queryFn: commentApi.mentions });
  const read = async (ids?: number[]) => {
    await commentApi.read(ids);
    await client.invalidateQueries({ queryKey: commentKeys.all });
  };
  return (
    <Flex vertical gap={8} style={{ width: 'min(360px, 90vw)' }}>
      <QueryView query={query}>
        {(data) =>
          data.list.length === 0 ? (
            <Empty description={t('comments.mentions.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <>
              <Flex justify="space-between" align="center">
                <Typography.Text type="secondary">
                  {t('comments.mentions.unread', { count: data.unread })}
                </Typography.Text>
                {data.unread > 0 && (
                  <Button size="small" type="link" onClick={() => void read()}>
                    {t('comments.mentions.markAllRead')}
                  </Button>
                )}
              </Flex>
              <List
                size="small"
                style={{ maxHeight: 400, overflowY: 'auto' }}
                dataSource={data.list}
                renderItem={(m) => (
                  <List.Item data-mention={m.commentId} data-read={m.read}>
                    <a
                      href={mentionPath(m)}
                      onClick={(e) => {
                        e.preventDefault();
                        onOpen();
                        if (!m.read) void read([m.commentId]);
                        void navigate(mentionPath(m));
                      }}
                      style={{ display: 'block', width: '100%' }}
                    >
                      <Flex vertical>
                        <Typography.Text strong={!m.read} ellipsis>
                          {m.author?.nickName ?? t('comments.deletedUser')}：{m.body}
                        </Typography.Text>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                          {t('comments.mentions.in', { course: m.courseTitle, lesson: m.lessonTitle })} ·{' '}
                          {formatDateTime(m.createTime)}
                        </Typography.Text>
                      </Flex>
                    </a>
                  </List.Item>
                )}
              />
            </>
          )
        }
      </QueryView>
    </Flex>
  );
};

/**
 * Header: how many comments mention the user unread in the current team, and their list. Only with a
 * current team (the storefront is browsed without one); asked again when the window regains focus.
 */
export const MentionsBadge = () => {
  const { t } = useTranslation();
  const teamId = useTeamId();
  const [open, setOpen] = useState(false);
  const unread = useQuery({
    queryKey: commentKeys.unread(teamId),
    queryFn: commentApi.unread,
    enabled: teamId !== undefined,
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });
  if (teamId === undefined) return null;
  const count = unread.data?.unread ?? 0;
  const label = `${t('comments.mentions.badge')}${count ? ` (${count})` : ''}`;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={t('comments.mentions.title')}
      content={open && <MentionList onOpen={() => setOpen(false)} />}
    >
      <button
        type="button"
        aria-label={label}
        title={label}
        data-mentions-badge={count}
        // A 40 px target, coloured like the other header buttons.
        style={{
          display: 'inline-flex',
          padding: 11,
          color: 'rgba(0, 0, 0, 0.65)',
          background: 'none',
          border: 0,
          cursor: 'pointer',
        }}
      >
        <Badge count={count} size="small">
          <BellOutlined style={{ fontSize: 18 }} aria-hidden />
        </Badge>
      </button>
    </Popover>
  );
};
