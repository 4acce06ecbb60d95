import { useQuery } from '@tanstack/react-query';
import { COMMENT_LIMITS } from '@studio/contract';
import { Routes } from '@studio/contract/constants';
import { Button, Flex, Mentions } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call.ts';
import { useTeamId } from '../../lib/current-team.ts';

export type CommentDraft = { body: string; mentions: number[] };

/** Whom the text still @mentions, of the members picked while typing (a deleted "@名字" drops them). */
export const mentionedIds = (body: string, picked: Map<number, string>): number[] =>
  [...picked].filter(([, name]) => body.includes(`@${name}`)).map(([id]) => id);

/**
 * A comment or reply box: plain text, with an @ picker of the team's members (searched by the
 * server as one types). Sends the text and the ids of the members it still mentions.
 */
export const CommentComposer = ({
  placeholder,
  onSend,
  autoFocus,
}: {
  placeholder: string;
  onSend: (draft: CommentDraft) => Promise<unknown>;
  autoFocus?: boolean;
}) => {
  const { t } = useTranslation();
  const teamId = useTeamId();
  const [body, setBody] = useState('');
  const [keyword, setKeyword] = useState('');
  const [sending, setSending] = useState(false);
  const picked = useRef(new Map<number, string>());
  const members = useQuery({
    queryKey: ['comments', teamId, 'members', keyword],
    // The team's member list asked directly: features/teams imports the course editor, which holds this.
    queryFn: () => call.get(Routes.team.userList, { pageNum: 1, pageSize: 20, keyword }),
    staleTime: 60_000,
  });
  const send = async () => {
    const text = body.trim();
    if (!text) return;
    setSending(true);
    try {
      await onSend({ body: text, mentions: mentionedIds(text, picked.current) });
      setBody('');
      picked.current.clear();
    } finally {
      setSending(false);
    }
  };
  return (
    <Flex vertical gap={6}>
      <Mentions
        aria-label={placeholder}
        placeholder={placeholder}
        value={body}
        autoFocus={autoFocus}
        maxLength={COMMENT_LIMITS.bodyMax}
        autoSize={{ minRows: 2, maxRows: 6 }}
        onChange={setBody}
        onSearch={(text) => setKeyword(text)}
        onSelect={(option) => {
          const id = Number(option.key);
          if (id && option.value) picked.current.set(id, option.value);
        }}
        options={(members.data?.list ?? []).map((m) => ({
          key: String(m.userId),
          value: m.nickName,
          label: m.nickName,
        }))}
        notFoundContent={null}
      />
      <Flex justify="end">
        <Button
          type="primary"
          size="small"
          loading={sending}
          disabled={!body.trim()}
          onClick={() => void send()}
        >
          {t('comments.send')}
        </Button>
      </Flex>
    </Flex>
  );
};
