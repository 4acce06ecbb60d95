import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import type { PayInfo } from '@studio/contract';
import { Alert, Button, Flex, Radio, Skeleton, Spin, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { formatPrice } from '../../../lib/format.ts';
import { formatCountdown, remainingMs } from './pay-status.ts';

/**
 * The payment QR code with the countdown to the order's expiry. The sandbox provider also gets a
 * link that opens its confirm page on this computer (a desktop has no second device to scan with).
 * When the server offers several methods (WeChat Pay and Alipay), the buyer picks one above the code.
 */
export const PayQrPanel = ({
  amount,
  info,
  error,
  loading,
  expireTime,
  now,
  onRefresh,
  chosen,
  onChoose,
}: {
  amount: number;
  info: PayInfo | undefined;
  error: unknown;
  loading: boolean;
  expireTime: number;
  now: number;
  onRefresh: () => void;
  /** The method the buyer picked; undefined until they pick one (the order's own is shown). */
  chosen?: string | undefined;
  onChoose?: (provider: string) => void;
}) => {
  const { t } = useTranslation();
  // A phone scanning the code needs an absolute address; none while another method's code loads.
  const url = info?.qrUrl && !loading ? new URL(info.qrUrl, window.location.origin).href : '';
  const methods = (info?.providers ?? []).filter(
    (p): p is 'wechat' | 'alipay' => p === 'wechat' || p === 'alipay',
  );
  const current = chosen ?? info?.provider;
  const scan =
    current === 'wechat' || current === 'alipay' ? t(`store.pay.scanWith.${current}`) : t('store.pay.scan');
  const left = remainingMs(expireTime, now);

  let qr;
  if (url) {
    qr = (
      <div className="store-qr">
        <QRCodeSVG
          value={url}
          size={184}
          title={t('store.pay.qrAlt')}
          role="img"
          aria-label={t('store.pay.qrAlt')}
        />
      </div>
    );
  } else if (loading) {
    qr = <Skeleton.Image active style={{ width: 208, height: 208 }} />;
  } else {
    qr = (
      <Alert
        type="error"
        showIcon
        title={t('store.pay.startFailed')}
        description={isApiError(error) ? error.msg : undefined}
      />
    );
  }

  return (
    <Flex vertical align="center" gap={12} style={{ textAlign: 'center' }}>
      <div>
        <Typography.Text strong>{scan}</Typography.Text>
        <div>
          {t('store.pay.amount')} <span className="store-price-large">{formatPrice(amount)}</span>
        </div>
      </div>
      {methods.length > 1 && onChoose && (
        <Radio.Group
          aria-label={t('store.pay.method')}
          optionType="button"
          buttonStyle="solid"
          value={current}
          onChange={(e) => onChoose(String(e.target.value))}
          options={methods.map((m) => ({ value: m, label: t(`store.pay.methods.${m}`) }))}
        />
      )}
      {qr}
      <PayCountdown left={left} />
      {info?.provider === 'sandbox' && url && (
        <>
          <Alert type="info" showIcon title={t('store.pay.sandboxHint')} style={{ textAlign: 'start' }} />
          <Button
            type="primary"
            href={url}
            target="_blank"
            rel="noopener"
            icon={<ExportOutlined aria-hidden />}
          >
            {t('store.pay.openSandbox')}
          </Button>
        </>
      )}
      <PayWaiting onRefresh={onRefresh} />
    </Flex>
  );
};

/** The time left to pay, counting down to the order's expiry. */
export const PayCountdown = ({ left }: { left: number }) => {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" gap={4}>
      <Typography.Text type="secondary">{t('store.pay.countdown')}</Typography.Text>
      <div className="store-countdown" role="timer" aria-label={t('store.pay.countdown')}>
        {formatCountdown(left)}
      </div>
    </Flex>
  );
};

/** 等待支付结果… with a button that asks the server again at once. */
export const PayWaiting = ({ onRefresh }: { onRefresh: () => void }) => {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={8} wrap justify="center">
      <Spin size="small" />
      <Typography.Text type="secondary" aria-live="polite">
        {t('store.pay.waiting')}
      </Typography.Text>
      <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={onRefresh}>
        {t('store.pay.refresh')}
      </Button>
    </Flex>
  );
};
