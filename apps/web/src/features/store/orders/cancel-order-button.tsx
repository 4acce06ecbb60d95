import type { Order } from '@studio/contract';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTeamId } from '../../../lib/current-team.ts';
import { useCancelOrder } from '../order-api.ts';

/**
 * 取消订单 for a pending order of the current team (the server checks who may: its buyer, or
 * OWNER/ADMIN); nothing for any other order.
 */
export const CancelOrderButton = ({ order, block }: { order: Order; block?: boolean }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const teamId = useTeamId();
  const cancel = useCancelOrder();
  if (order.status !== 'pending' || order.teamId !== teamId) return null;
  return (
    <Popconfirm
      title={t('store.order.cancelConfirm', { no: order.orderNo })}
      okButtonProps={{ danger: true }}
      onConfirm={async () => {
        await cancel.mutateAsync(order.orderId);
        void message.success(t('store.order.cancelled'));
      }}
    >
      <Button block={block} loading={cancel.isPending}>
        {t('store.order.cancel')}
      </Button>
    </Popconfirm>
  );
};
