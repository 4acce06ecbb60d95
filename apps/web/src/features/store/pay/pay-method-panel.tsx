import type { PayInfo, PayMethod } from '@studio/contract';
import { Alert, Button, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { formatPrice } from '../../../lib/format.ts';
import { PayCountdown, PayQrPanel, PayWaiting } from './pay-qr-panel.tsx';
import { remainingMs } from './pay-status.ts';
import { startMpBase } from '../../auth/auth-api.ts';
import { invokeWechatPay, leave, markLeftToPay } from './wechat-bridge.ts';

/**
 * The methods the server offers for where the buyer is (big rows: WeChat Pay / Alipay, the selected
 * one highlighted), and what the chosen one does: a QR (desktop), 去支付 to a cashier (H5, WAP, page
 * pay, or the sandbox's simulator), 微信支付 through WeChat's bridge (JSAPI), the 公众号's silent
 * authorisation first, or the guide to open the page in a browser (Alipay inside WeChat).
 */
export const PayMethodPanel = ({
  orderId,
  amount,
  info,
  error,
  loading,
  expireTime,
  now,
  onRefresh,
  onChoose,
  onLeft,
}: {
  orderId: number;
  amount: number;
  info: PayInfo;
  error: unknown;
  loading: boolean;
  expireTime: number;
  now: number;
  onRefresh: () => void;
  onChoose: (method: PayMethod) => void;
  /** The buyer left for the provider (or its sheet closed): the page confirms with the server. */
  onLeft: () => void;
}) => {
  const { t } = useTranslation();
  const methods = info.methods ?? [];
  const action = info.action;
  const go = (url: string) => {
    markLeftToPay(orderId);
    leave.to(url);
  };

  let body;
  if (loading) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (error)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('store.pay.startFailed')}
        description={isApiError(error) ? error.msg : undefined}
      />
    );
  else if (action?.kind === 'qr')
    return (
      <Flex vertical gap={12}>
        {methods.length > 1 && <MethodRows info={info} onChoose={onChoose} />}
        <PayQrPanel
          amount={amount}
          info={info}
          error={error}
          loading={loading}
          expireTime={expireTime}
          now={now}
          onRefresh={onRefresh}
        />
      </Flex>
    );
  else if (action?.kind === 'redirect')
    body = (
      <Button type="primary" size="large" block onClick={() => go(action.url)}>
        {t('store.pay.goPay')}
      </Button>
    );
  else if (action?.kind === 'simulator')
    body = (
      <Button type="primary" size="large" block onClick={() => go(action.url)}>
        {t('store.pay.wechatPay')}
      </Button>
    );
  else if (action?.kind === 'authorize')
    // The 公众号's silent authorisation comes back to this page, which then asks for the pay sheet.
    body = (
      <Button
        type="primary"
        size="large"
        block
        onClick={() => void startMpBase(action.next).then((r) => leave.to(r.authorizeUrl))}
      >
        {t('store.pay.wechatPay')}
      </Button>
    );
  else if (action?.kind === 'bridge')
    body = (
      <Button
        type="primary"
        size="large"
        block
        onClick={() => {
          markLeftToPay(orderId);
          // Whatever the sheet says, the server decides (it asks WeChat Pay when no notification came).
          void invokeWechatPay(action.params).then(onLeft);
        }}
      >
        {t('store.pay.wechatPay')}
      </Button>
    );
  else if (action?.kind === 'openInBrowser')
    body = (
      <Alert
        type="info"
        showIcon
        title={t('store.pay.openInBrowser')}
        description={t('store.pay.openInBrowserDesc')}
        style={{ textAlign: 'start' }}
      />
    );

  return (
    <Flex vertical gap={12}>
      <div style={{ textAlign: 'center' }}>
        {t('store.pay.amount')} <span className="store-price-large">{formatPrice(amount)}</span>
      </div>
      <MethodRows info={info} onChoose={onChoose} />
      {body}
      <PayCountdown left={remainingMs(expireTime, now)} />
      <PayWaiting onRefresh={onRefresh} />
    </Flex>
  );
};

const MethodRows = ({ info, onChoose }: { info: PayInfo; onChoose: (method: PayMethod) => void }) => {
  const { t } = useTranslation();
  return (
    <div role="radiogroup" aria-label={t('store.pay.method')} className="store-pay-methods">
      {(info.methods ?? []).map(({ method }) => {
        const selected = method === info.method;
        const brand = method.startsWith('wechat') ? 'wechat' : 'alipay';
        return (
          <button
            key={method}
            type="button"
            role="radio"
            aria-checked={selected}
            className={`store-pay-method store-pay-method-${brand}${selected ? ' is-selected' : ''}`}
            onClick={() => !selected && onChoose(method)}
          >
            <span className="store-pay-method-name">{t(`store.pay.methods.${brand}`)}</span>
            <span className="store-pay-method-kind">{t(`store.pay.kinds.${method}`)}</span>
          </button>
        );
      })}
    </div>
  );
};
