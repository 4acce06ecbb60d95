import { Button, Flex, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long the page says 正在确认 before offering 重新支付 / 我已支付 (the order is polled all along). */
export const CONFIRM_MS = 15_000;

/**
 * Back from a provider (a cashier, WeChat's sheet): 正在确认支付结果… while the order is followed on
 * the server (which asks the provider when no notification came); still unpaid after a while, the
 * buyer can pay again or say they paid (the server is asked once more).
 */
export const PayConfirming = ({ onRefresh, onRepay }: { onRefresh: () => void; onRepay: () => void }) => {
  const { t } = useTranslation();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!waited)
    return (
      <Flex vertical align="center" gap={12} style={{ padding: 24 }}>
        <Spin />
        <span role="status">{t('store.pay.confirming')}</span>
      </Flex>
    );
  return (
    <Result
      status="info"
      title={t('store.pay.notYetPaid')}
      subTitle={t('store.pay.notYetPaidDesc')}
      extra={
        <Flex gap={12} justify="center" wrap>
          <Button onClick={onRepay}>{t('store.pay.repay')}</Button>
          <Button type="primary" onClick={onRefresh}>
            {t('store.pay.iPaid')}
          </Button>
        </Flex>
      }
    />
  );
};
