import { Routes } from '@studio/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Progress, Select, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/call.ts';

const number = (n: number) => n.toLocaleString('en-US');

/** Whole percent of the budget used, never past 100. */
export const budgetPercent = (used: number, limit: number): number =>
  limit > 0 ? Math.min(100, Math.floor((used / limit) * 100)) : 100;

/**
 * AI 用量: this month against the team's budget, the months before, and (for OWNER/ADMIN, whom the
 * server sends `members`) who used what in a chosen month.
 */
export const AiUsageCard = ({ teamId }: { teamId: number }) => {
  const { t } = useTranslation();
  const [month, setMonth] = useState<string | undefined>(undefined);
  const usage = useQuery({
    queryKey: ['ai', 'usage', teamId, month ?? 'current'],
    queryFn: () => call.get(Routes.ai.usage, month ? { month } : {}),
    staleTime: 0,
  });
  const title = <h2 style={{ fontSize: 16, margin: 0 }}>{t('teamCentre.aiUsage.title')}</h2>;
  if (usage.isPending || usage.isError) {
    return <Card title={title}>{usage.isPending ? <Skeleton active paragraph={{ rows: 2 }} /> : null}</Card>;
  }
  const { budget, months, members } = usage.data;
  const used = number(budget.used);
  const summary =
    budget.limit === null
      ? `${t('teamCentre.aiUsage.thisMonth', { used })}（${t('teamCentre.aiUsage.unlimited')}）`
      : t('teamCentre.aiUsage.budget', {
          used,
          limit: number(budget.limit),
          left: number(budget.left ?? 0),
        });
  const percent = budget.limit === null ? null : budgetPercent(budget.used, budget.limit);
  const columns = [
    {
      title: t('teamCentre.aiUsage.input'),
      dataIndex: 'inputTokens',
      render: number,
      align: 'right' as const,
    },
    {
      title: t('teamCentre.aiUsage.output'),
      dataIndex: 'outputTokens',
      render: number,
      align: 'right' as const,
    },
    {
      title: t('teamCentre.aiUsage.tokens'),
      dataIndex: 'totalTokens',
      render: number,
      align: 'right' as const,
    },
  ];
  return (
    <Card title={title}>
      <Flex vertical gap={12}>
        {percent !== null && (
          <Progress
            percent={percent}
            status={percent >= 90 ? 'exception' : 'normal'}
            aria-label={t('teamCentre.aiUsage.title')}
            aria-valuetext={summary}
          />
        )}
        <Typography.Text type="secondary">{summary}</Typography.Text>
        <Table
          size="small"
          pagination={false}
          rowKey="month"
          caption={t('teamCentre.aiUsage.byMonth')}
          dataSource={months}
          columns={[{ title: t('teamCentre.aiUsage.month'), dataIndex: 'month' }, ...columns]}
        />
        {members !== null && (
          <>
            <Flex align="center" gap={8}>
              <Typography.Text strong>{t('teamCentre.aiUsage.byMember')}</Typography.Text>
              <Select
                aria-label={t('teamCentre.aiUsage.month')}
                size="small"
                value={usage.data.month}
                onChange={setMonth}
                options={months.map((m) => ({ value: m.month, label: m.month }))}
                style={{ width: 120 }}
              />
            </Flex>
            <Table
              size="small"
              pagination={false}
              rowKey="userId"
              locale={{ emptyText: t('teamCentre.aiUsage.none') }}
              dataSource={members}
              columns={[{ title: t('teamCentre.aiUsage.member'), dataIndex: 'name' }, ...columns]}
            />
          </>
        )}
      </Flex>
    </Card>
  );
};
