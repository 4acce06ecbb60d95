import { CheckCircleFilled, ReadOutlined, ShoppingCartOutlined, TeamOutlined } from '@ant-design/icons';
import type { StoreCourse } from '@studio/contract';
import { App, Button, Flex, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { afterSuccess } from '../../../lib/after-success.ts';
import { useSession } from '../../auth/session-store.ts';
import { useTeamWritable } from '../../teams/current-team.ts';
import { orderApi, useCartMutation, useCheckout } from '../order-api.ts';

/**
 * The buy page's actions. Another team's course: 加入购物车 and 立即购买 (add, then check out just this
 * course). Owned: 打开课程. The team's own course: 本团队课程, nothing to buy. A logged-out visitor:
 * 登录后购买, which comes back to this page. Signed in without a team: 创建或加入团队后购买.
 */
export const BuyActions = ({ course, openTo }: { course: StoreCourse; openTo?: string }) => {
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

  const open = openTo && (
    <Button
      type="primary"
      size="large"
      icon={<ReadOutlined aria-hidden />}
      onClick={() => void navigate(openTo)}
    >
      {t('store.course.open')}
    </Button>
  );
  if (visitor) {
    return (
      <Flex vertical gap={8} align="flex-start">
        <Button
          type="primary"
          size="large"
          danger
          onClick={() => void navigate(WebPaths.loginBack(`${pathname}${search}`))}
        >
          {t('store.course.loginToBuy')}
        </Button>
        <Typography.Text type="secondary">{t('store.course.loginToBuyDesc')}</Typography.Text>
      </Flex>
    );
  }
  if (noTeam) {
    // Courses are bought by a team: create or join one first.
    return (
      <Flex vertical gap={8} align="flex-start">
        <Button
          type="primary"
          size="large"
          danger
          icon={<TeamOutlined aria-hidden />}
          onClick={() => void navigate(WebPaths.selectTeam)}
        >
          {t('store.course.teamToBuy')}
        </Button>
        <Typography.Text type="secondary">{t('store.course.teamToBuyDesc')}</Typography.Text>
      </Flex>
    );
  }
  if (course.ownTeam || course.owned) {
    return (
      <Flex vertical gap={8} align="flex-start">
        <Typography.Text type={course.ownTeam ? undefined : 'success'} strong>
          {course.ownTeam ? <TeamOutlined aria-hidden /> : <CheckCircleFilled aria-hidden />}{' '}
          {course.ownTeam ? t('store.course.ownTeam') : t('store.course.owned')}
        </Typography.Text>
        <Typography.Text type="secondary">
          {course.ownTeam ? t('store.course.ownTeamDesc') : t('store.course.ownedDesc')}
        </Typography.Text>
        {!course.listed && (
          <Typography.Text type="warning">
            {course.ownTeam ? t('store.course.unlistedOwn') : t('store.course.unlistedBought')}
          </Typography.Text>
        )}
        {open}
      </Flex>
    );
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
  const addToCart = () =>
    afterSuccess(add.mutateAsync(course.courseId), () => message.success(t('store.course.added')));

  const buttons = (
    <Flex gap={12} wrap>
      <Button
        type="primary"
        size="large"
        danger
        loading={buying}
        disabled={expired}
        onClick={() => void buyNow()}
      >
        {course.price === 0 ? t('store.course.getFree') : t('store.course.buyNow')}
      </Button>
      {course.inCart ? (
        <Button
          size="large"
          icon={<ShoppingCartOutlined aria-hidden />}
          onClick={() => void navigate(WebPaths.storeCart)}
        >
          {t('store.course.inCart')}
        </Button>
      ) : (
        <Button
          size="large"
          icon={<ShoppingCartOutlined aria-hidden />}
          loading={add.isPending && !buying}
          disabled={expired || buying}
          onClick={addToCart}
        >
          {t('store.course.addToCart')}
        </Button>
      )}
    </Flex>
  );
  return expired ? <Tooltip title={t('store.course.readOnly')}>{buttons}</Tooltip> : buttons;
};
