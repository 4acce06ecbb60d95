import type { PageQuery, Refund } from '@studio/contract';
import { App, Button, Card, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/query-view.tsx';
import { refundApi, useRefundMutation, useRefunds, type RefundSide } from './refund-api.ts';
import { RefundsTable } from './refunds-table.tsx';

/** The seller's 同意退款 / 拒绝 on a 待处理 refund, each confirmed first. */
const DecideButtons = ({ refund }: { refund: Refund }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const approve = useRefundMutation(refundApi.approve);
  const refuse = useRefundMutation(refundApi.refuse);
  if (refund.status !== 'requested') return null;
  const busy = approve.isPending || refuse.isPending;
  const run = async (which: 'approve' | 'refuse') => {
    try {
      const done = await (which === 'approve' ? approve : refuse).mutateAsync(refund.refundId);
      void message.success(
        t(`store.refund.${which === 'approve' ? 'approved' : 'refusedDone'}`, {
          status: t(`store.refund.status.${done.status}`),
        }),
      );
    } catch {
      // Shown by the request client (decided already, provider failure…).
    }
  };
  return (
    <Flex gap={8} wrap>
      <Popconfirm
        title={t('store.refund.approveConfirm', { title: refund.title })}
        okText={t('store.refund.approve')}
        onConfirm={() => void run('approve')}
      >
        <Button
          type="primary"
          size="small"
          disabled={busy}
          loading={approve.isPending}
          aria-label={t('store.refund.approveAction', { title: refund.title })}
        >
          {t('store.refund.approve')}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t('store.refund.refuseConfirm', { title: refund.title })}
        okText={t('store.refund.refuse')}
        onConfirm={() => void run('refuse')}
      >
        <Button
          danger
          size="small"
          disabled={busy}
          loading={refuse.isPending}
          aria-label={t('store.refund.refuseAction', { title: refund.title })}
        >
          {t('store.refund.refuse')}
        </Button>
      </Popconfirm>
    </Flex>
  );
};

/**
 * 退款申请 (buyer: the current team's requests, in 交易信息) or 退款处理 (seller: requests for the
 * team's courses, in the team centre, with 同意退款 / 拒绝). OWNER/ADMIN only: the caller checks.
 */
export const RefundsCard = ({ side }: { side: RefundSide }) => {
  const { t } = useTranslation();
  const [page, setPage] = useState<PageQuery>({ pageNum: 1, pageSize: 10 });
  const refunds = useRefunds(side, page);
  const title = side === 'seller' ? t('store.refund.sellerTitle') : t('store.refund.title');
  return (
    <Card
      title={
        <div style={{ paddingBlock: 12 }}>
          <h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal', whiteSpace: 'normal' }}>
            {side === 'seller' ? t('store.refund.sellerDesc') : t('store.refund.buyerDesc')}
          </Typography.Text>
        </div>
      }
    >
      <QueryView
        query={refunds}
        loading={<Skeleton active paragraph={{ rows: 3 }} />}
        errorTitle={t('store.refund.loadFailed')}
        errorReason
      >
        {(data) => (
          <RefundsTable
            side={side}
            data={data}
            loading={refunds.isFetching}
            page={page}
            onPage={setPage}
            empty={side === 'seller' ? t('store.refund.sellerEmpty') : t('store.refund.empty')}
            actions={side === 'seller' ? (r) => <DecideButtons refund={r} /> : undefined}
          />
        )}
      </QueryView>
    </Card>
  );
};
