import type { Cart } from '@studio/contract';
import { App, Button, Card, Checkbox, Flex, List, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { QueryView } from '../../../components/query-view.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useTeamWritable } from '../../../lib/current-team.ts';
import { LinkButton } from '../link-button.tsx';
import { afterSuccess } from '../../../lib/after-success.ts';
import { formatPrice } from '../../../lib/format.ts';
import { orderApi, useCart, useCartMutation, useCheckout, useCouponPreview } from '../order-api.ts';
import { StoreEmpty } from '../store-empty.tsx';
import { CartItemRow } from './cart-item-row.tsx';
import { CouponField } from './coupon-field.tsx';

/** The selected courses the team does not own yet: what checkout and the coupon preview price. */
const payableIds = (list: Cart['list']) => list.filter((i) => !i.owned && i.selected).map((i) => i.courseId);

/** /store/cart: the user's cart in the current team; select, remove, total, check out into one order. */
export const StoreCartPage = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  useDocumentTitle(t('store.cart.title'));
  const expired = !useTeamWritable();
  const cart = useCart();
  const select = useCartMutation((v: { ids: number[]; selected: boolean }) =>
    orderApi.select(v.ids, v.selected),
  );
  const remove = useCartMutation((ids: number[]) => orderApi.remove(ids));
  const checkout = useCheckout();
  const [couponCode, setCouponCode] = useState<string | null>(null);
  const coupon = useCouponPreview(couponCode, payableIds(cart.data?.list ?? []));
  // The discount shown is the server's for exactly this selection; a refused code is not sent.
  const discount = coupon.isError || coupon.isPlaceholderData ? undefined : coupon.data;

  const renderCart = ({ list, selectedCount, selectedTotal }: Cart) => {
    const buyable = list.filter((i) => !i.owned);
    const payIds = payableIds(list);
    const allSelected = buyable.length > 0 && payIds.length === buyable.length;
    const busy = select.isPending || remove.isPending;

    const onCheckout = () =>
      // Exactly the selected courses the team does not own yet: the server prices them.
      afterSuccess(
        checkout.mutateAsync({ courseIds: payIds, couponCode: discount ? discount.code : undefined }),
        (order) => navigate(WebPaths.storePay(order.orderId)),
      );

    return (
      <section>
        <h1 className="page-title" style={{ marginBottom: 12 }}>
          {t('store.cart.title')}
        </h1>
        {list.length === 0 ? (
          <Card>
            <StoreEmpty title={t('store.cart.empty')} desc={t('store.cart.emptyDesc')}>
              <LinkButton to={WebPaths.storeList} type="primary">
                {t('store.cart.goStore')}
              </LinkButton>
            </StoreEmpty>
          </Card>
        ) : (
          <>
            <Card className="store-cart-card" styles={{ body: { paddingBlock: 4 } }}>
              <List
                dataSource={list}
                rowKey="courseId"
                renderItem={(item) => (
                  <List.Item>
                    <CartItemRow
                      item={item}
                      busy={busy}
                      onSelect={(selected) => select.mutate({ ids: [item.courseId], selected })}
                      onRemove={() =>
                        afterSuccess(remove.mutateAsync([item.courseId]), () =>
                          message.success(t('store.cart.removed')),
                        )
                      }
                    />
                  </List.Item>
                )}
              />
            </Card>
            <Card className="store-cart-coupon" size="small">
              <CouponField
                applied={couponCode}
                preview={discount}
                error={coupon.error}
                onApply={setCouponCode}
              />
            </Card>
            <Flex className="store-cart-bar" align="center" justify="space-between" gap={12} wrap>
              <Checkbox
                checked={allSelected}
                indeterminate={payIds.length > 0 && !allSelected}
                disabled={buyable.length === 0 || busy}
                onChange={(e) =>
                  select.mutate({ ids: buyable.map((i) => i.courseId), selected: e.target.checked })
                }
              >
                {t('store.cart.selectAll')}
              </Checkbox>
              <Flex align="center" gap={16} wrap style={{ marginInlineStart: 'auto' }}>
                <span>{t('store.cart.selected', { count: selectedCount })}</span>
                <span aria-live="polite">
                  {discount ? (
                    <>
                      <del className="store-price-old">{formatPrice(selectedTotal)}</del>{' '}
                      {t('store.cart.coupon.payable')}
                      <strong className="store-price" style={{ fontSize: 20 }}>
                        {formatPrice(discount.total)}
                      </strong>
                    </>
                  ) : (
                    <>
                      {t('store.cart.total')}
                      <strong className="store-price" style={{ fontSize: 20 }}>
                        {formatPrice(selectedTotal)}
                      </strong>
                    </>
                  )}
                </span>
                <Button
                  type="primary"
                  danger
                  size="large"
                  disabled={payIds.length === 0 || expired || busy}
                  loading={checkout.isPending}
                  onClick={onCheckout}
                >
                  {t('store.cart.checkout')}
                </Button>
              </Flex>
            </Flex>
          </>
        )}
      </section>
    );
  };

  return (
    <QueryView
      query={cart}
      loading={
        <Card>
          <Skeleton active avatar paragraph={{ rows: 4 }} />
        </Card>
      }
      errorTitle={t('store.cart.loadFailed')}
      errorOverData
    >
      {renderCart}
    </QueryView>
  );
};
