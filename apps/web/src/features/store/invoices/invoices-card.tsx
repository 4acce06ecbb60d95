import { UploadOutlined } from '@ant-design/icons';
import type { Invoice, PageQuery } from '@studio/contract';
import { App, Button, Card, Flex, Skeleton, Table, Typography, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/query-view.tsx';
import { formatDateTime, formatPrice } from '../../../lib/format.ts';
import { useTeamWritable } from '../../../lib/current-team.ts';
import { invoiceApi, useInvoiceMutation, useInvoices, type InvoiceSide } from './invoice-api.ts';
import { InvoiceDownloadButton } from './invoice-download-button.tsx';
import { InvoiceStatusTag } from './invoice-status-tag.tsx';

/** 开具发票: the seller picks the invoice's PDF; the server checks its bytes and marks it 已开具. */
const IssueButton = ({ invoice }: { invoice: Invoice }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const issue = useInvoiceMutation(invoiceApi.issue);
  const run = async (file: Blob) => {
    try {
      await issue.mutateAsync({ invoiceId: invoice.invoiceId, file });
      void message.success(t('store.invoice.issued'));
    } catch {
      // Shown by the request client (not a PDF, issued already…).
    }
  };
  return (
    <Upload
      accept=".pdf,application/pdf"
      showUploadList={false}
      maxCount={1}
      beforeUpload={(file) => {
        void run(file);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button
        size="small"
        type="primary"
        icon={<UploadOutlined aria-hidden />}
        loading={issue.isPending}
        aria-label={t('store.invoice.issueAction', { no: invoice.orderNo })}
      >
        {t('store.invoice.issue')}
      </Button>
    </Upload>
  );
};

/**
 * 发票申请 (buyer: the current team's invoices, in 交易信息) or 开具发票 (seller: invoices asked of the
 * team, in the team centre, issued by uploading the PDF). Both download an issued one. OWNER/ADMIN
 * only: the caller checks.
 */
export const InvoicesCard = ({ side }: { side: InvoiceSide }) => {
  const { t } = useTranslation();
  const writable = useTeamWritable();
  const [page, setPage] = useState<PageQuery>({ pageNum: 1, pageSize: 10 });
  const invoices = useInvoices(side, page);
  const seller = side === 'seller';
  const columns: TableColumnsType<Invoice> = [
    {
      key: 'order',
      title: t('store.invoice.order'),
      render: (_, i) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong>{i.title}</Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('store.refund.orderNo', { no: i.orderNo })} · {i.taxId}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'team',
      title: seller ? t('store.refund.buyer') : t('store.refund.seller'),
      responsive: ['md'],
      render: (_, i) => (seller ? i.buyerTeamName : i.sellerTeamName),
    },
    { key: 'amount', title: t('store.invoice.amount'), render: (_, i) => formatPrice(i.amount) },
    { key: 'email', title: t('store.invoice.email'), responsive: ['lg'], render: (_, i) => i.email },
    {
      key: 'status',
      title: t('store.invoice.state'),
      render: (_, i) => <InvoiceStatusTag status={i.status} />,
    },
    {
      key: 'time',
      title: t('store.invoice.time'),
      responsive: ['lg'],
      render: (_, i) => formatDateTime(i.issueTime ?? i.createTime),
    },
    {
      key: 'actions',
      title: t('store.refund.actions'),
      render: (_, i) => {
        if (i.status === 'issued') return <InvoiceDownloadButton invoice={i} />;
        return seller && writable ? <IssueButton invoice={i} /> : null;
      },
    },
  ];
  return (
    <Card
      title={
        <div style={{ paddingBlock: 12 }}>
          <h2 style={{ fontSize: 16, margin: 0 }}>
            {seller ? t('store.invoice.sellerTitle') : t('store.invoice.title')}
          </h2>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal', whiteSpace: 'normal' }}>
            {seller ? t('store.invoice.sellerDesc') : t('store.invoice.buyerDesc')}
          </Typography.Text>
        </div>
      }
    >
      <QueryView
        query={invoices}
        loading={<Skeleton active paragraph={{ rows: 3 }} />}
        errorTitle={t('store.invoice.loadFailed')}
        errorReason
      >
        {(data) => (
          <Flex vertical>
            <Table<Invoice>
              rowKey="invoiceId"
              size="middle"
              columns={columns}
              dataSource={data.list}
              loading={invoices.isFetching}
              locale={{ emptyText: seller ? t('store.invoice.sellerEmpty') : t('store.invoice.empty') }}
              pagination={{
                current: page.pageNum,
                pageSize: page.pageSize,
                total: data.total,
                hideOnSinglePage: true,
                showTotal: (count) => t('store.refund.total', { count }),
                onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
              }}
            />
          </Flex>
        )}
      </QueryView>
    </Card>
  );
};
