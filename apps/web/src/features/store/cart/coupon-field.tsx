import { COUPON_CODE_PATTERN } from '@studio/contract/constants';
import type { CouponPreview } from '@studio/contract';
import { Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { errorText } from '../../../lib/error-text.ts';
import { formatPrice } from '../../../lib/format.ts';

/**
 * The cart's coupon code: typed, then 使用 asks the server what it takes off the selected courses.
 * The server's answer (or why it does not apply) shows under the field; checkout sends the code and
 * the server prices it again.
 */
export const CouponField = ({
  applied,
  preview,
  error,
  onApply,
}: {
  /** The code in use, or null. */
  applied: string | null;
  preview: CouponPreview | undefined;
  error: unknown;
  onApply: (code: string | null) => void;
}) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(applied ?? '');
  const typed = draft.trim().toUpperCase();
  const malformed = typed !== '' && !COUPON_CODE_PATTERN.test(typed);
  const refusal =
    applied && error
      ? isApiError(error)
        ? errorText(error.code, error.msg, error.data)
        : String(error)
      : null;
  // In use only when the server took it for this selection: a refused code offers 使用 again (once
  // the code is changed), never 不使用 for a discount that is not there.
  const inUse = applied !== null && typed === applied && preview !== undefined && !refusal;
  const checking = applied !== null && typed === applied && preview === undefined && !refusal;
  const help = malformed
    ? t('store.cart.coupon.placeholder')
    : (refusal ??
      (inUse
        ? t('store.cart.coupon.applied', { code: preview.code, amount: formatPrice(preview.discount) })
        : undefined));
  return (
    <Form.Item
      label={t('store.cart.coupon.label')}
      validateStatus={malformed || refusal ? 'error' : inUse ? 'success' : undefined}
      help={help}
      style={{ marginBottom: 0 }}
    >
      <Flex gap={8}>
        <Input
          aria-label={t('store.cart.coupon.label')}
          placeholder={t('store.cart.coupon.placeholder')}
          value={draft}
          maxLength={20}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={() => typed && !malformed && onApply(typed)}
          style={{ maxWidth: 240 }}
        />
        {inUse ? (
          <Button
            onClick={() => {
              setDraft('');
              onApply(null);
            }}
          >
            {t('store.cart.coupon.remove')}
          </Button>
        ) : (
          <Button
            disabled={!typed || malformed || (typed === applied && !!refusal)}
            loading={checking}
            onClick={() => onApply(typed)}
          >
            {t('store.cart.coupon.apply')}
          </Button>
        )}
      </Flex>
    </Form.Item>
  );
};
