import { Code, WebPaths } from '@studio/contract/constants';
import { Button, Card, Col, Descriptions, Flex, Result, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { LinkButton } from '../link-button.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { OrderItems } from '../orders/order-items.tsx';
import { CancelOrderButton } from '../orders/cancel-order-button.tsx';
import { OrderStatusTag } from '../orders/order-status-tag.tsx';
import '../store.css';
import { PayOutcome } from './pay-outcome.tsx';
import { PayConfirming } from './pay-confirming.tsx';
import { PayMethodPanel } from './pay-method-panel.tsx';
import { PayQrPanel } from './pay-qr-panel.tsx';
import { clearLeftToPay, leftToPay } from './wechat-bridge.ts';
import { usePayOrder } from './use-pay-order.ts';

/**
 * /store/pay/:orderId: amount, items, the payment QR and a countdown; the status follows the server
 * live, and the page turns into the outcome (paid, with the courses; expired; closed).
 */
export const StorePayPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('store.pay.title'));
  const orderId = Number(useParams().orderId);
  const { order, pay, view, now, refreshOrder, provider, choose, chooseMethod } = usePayOrder(orderId);
  // Back from a provider's page or sheet: the page confirms with the server (it never reads its URL
  // for the outcome; the flag only says the buyer went to pay).
  const [returned, setReturned] = useState(() => leftToPay(orderId));
  useEffect(() => {
    if (view && view !== 'pending') clearLeftToPay(orderId);
  }, [view, orderId]);

  if (order.isPending && Number.isInteger(orderId) && orderId > 0) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (!order.data || !view) {
    const missing = !isApiError(order.error) || order.error.code === Code.NOT_FOUND;
    return (
      <Result
        status={missing ? '404' : 'warning'}
        title={missing ? t('store.pay.notFound') : (order.error?.message ?? '')}
        subTitle={missing ? t('store.pay.notFoundDesc') : undefined}
        extra={
          <Flex gap={12} justify="center" wrap>
            {!missing && <Button onClick={() => void order.refetch()}>{t('common.retry')}</Button>}
            <LinkButton to={WebPaths.personalTrade}>{t('store.pay.myOrders')}</LinkButton>
            <LinkButton to={WebPaths.storeList} type="primary">
              {t('store.pay.backStore')}
            </LinkButton>
          </Flex>
        }
      />
    );
  }

  const data = order.data;
  const summary = (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('store.pay.items')}</h2>}>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'no', label: t('store.order.orderNo'), children: data.orderNo },
          {
            key: 'status',
            label: t('store.order.state'),
            children: <OrderStatusTag status={view} refundState={data.refundState} />,
          },
          { key: 'team', label: t('store.order.team'), children: data.teamName },
          { key: 'time', label: t('store.order.createTime'), children: formatDateTime(data.createTime) },
        ]}
      />
      <OrderItems items={data.items} />
      <Flex justify="flex-end" align="baseline" gap={8} style={{ marginTop: 8 }}>
        <span>{t('store.pay.amount')}</span>
        <span className="store-price-large">{formatPrice(data.amount)}</span>
      </Flex>
      {view === 'pending' && (
        <Flex justify="flex-end" style={{ marginTop: 8 }}>
          <CancelOrderButton order={data} />
        </Flex>
      )}
    </Card>
  );

  return (
    <section>
      <h1 className="page-title" style={{ marginBottom: 12 }}>
        {t('store.pay.title')}
      </h1>
      <Row gutter={[16, 16]}>
        <Col xs={{ span: 24, order: 2 }} md={{ span: 12, order: 1 }}>
          {summary}
        </Col>
        <Col xs={{ span: 24, order: 1 }} md={{ span: 12, order: 2 }}>
          <Card>
            {view === 'pending' && returned ? (
              <PayConfirming
                onRefresh={() => void refreshOrder()}
                onRepay={() => {
                  clearLeftToPay(orderId);
                  setReturned(false);
                  void pay.refetch();
                }}
              />
            ) : view === 'pending' && pay.data?.methods ? (
              <PayMethodPanel
                orderId={orderId}
                amount={data.amount}
                info={pay.data}
                error={pay.error}
                loading={pay.isPending || pay.isPlaceholderData}
                expireTime={data.expireTime}
                now={now}
                onRefresh={() => void refreshOrder()}
                onChoose={chooseMethod}
                onLeft={() => {
                  setReturned(true);
                  void refreshOrder();
                }}
              />
            ) : view === 'pending' ? (
              <PayQrPanel
                amount={data.amount}
                info={pay.data}
                error={pay.error}
                loading={pay.isPending || pay.isPlaceholderData}
                expireTime={data.expireTime}
                now={now}
                onRefresh={() => void refreshOrder()}
                chosen={provider}
                onChoose={choose}
              />
            ) : (
              <PayOutcome order={data} view={view} />
            )}
          </Card>
        </Col>
      </Row>
    </section>
  );
};
