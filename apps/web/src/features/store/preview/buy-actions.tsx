import type { StoreCourse } from '@studio/contract';
import { WebPaths } from '@studio/contract/constants';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { afterSuccess } from '../../../lib/after-success.ts';
import { BuyActions as BuyActionsView, type BuyState } from '../../../screens/buy-actions.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { useTeamWritable } from '../../../lib/current-team.ts';
import { orderApi, useCartMutation, useCheckout } from '../order-api.ts';

/**
 * The buy page's actions for whoever is looking (the shared `BuyActions` draws them): another team's
 * course: 立即购买 (add, then check out just this course) and 加入购物车; owned: 打开课程; the team's own
 * course: 本团队课程; a logged-out visitor: 登录后购买, which comes back here; signed in without a team:
 * 创建或加入团队后购买.
 */
export const useBuyState = (course: StoreCourse, openTo?: string): BuyState => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const expired = !useTeamWritable();
  const add = useCartMutation((courseId: number) => orderApi.add(courseId));
  const checkout = useCheckout();
  const [buying, setBuying] = useState(false);
  const visitor = useSession((s) => s.user === null);
  const noTeam = useSession((s) => s.user !== null && !s.user.lastTeam);
  const { pathname, search } = useLocation();

  if (visitor) return { kind: 'visitor', loginHref: WebPaths.loginBack(`${pathname}${search}`) };
  if (noTeam) return { kind: 'noTeam', teamHref: WebPaths.selectTeam };
  if (course.ownTeam || course.owned) {
    return { kind: course.ownTeam ? 'ownTeam' : 'owned', listed: course.listed, openHref: openTo };
  }
  const buyNow = async () => {
    setBuying(true);
    try {
      if (!course.inCart) await add.mutateAsync(course.courseId);
      const order = await checkout.mutateAsync({ courseIds: [course.courseId] });
      await navigate(WebPaths.storePay(order.orderId));
    } catch {
      // The request client has shown why.
    } finally {
      setBuying(false);
    }
  };
  return {
    kind: 'buy',
    free: course.price === 0,
    inCart: course.inCart,
    expired,
    busy: buying ? 'buy' : add.isPending ? 'add' : null,
    onBuy: () => void buyNow(),
    onAdd: () =>
      afterSuccess(add.mutateAsync(course.courseId), () => message.success(t('store.course.added'))),
    cartHref: WebPaths.storeCart,
  };
};

export const BuyActions = ({ course, openTo }: { course: StoreCourse; openTo?: string }) => (
  <BuyActionsView state={useBuyState(course, openTo)} />
);
