import { LIMITS } from '@studio/contract/constants';
import { App, Button, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadSchemas } from '../../lib/zod-rule.ts';
import { sendSmsCode } from './auth-api.ts';

const WAIT_SECONDS = LIMITS.smsResendMs / 1000;

/** 获取验证码 with the 60 s countdown the server enforces; 10005 also counts as sent. */
export const SmsCodeButton = ({ form, purpose }: { form: FormInstance; purpose: 'login' | 'bind' }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    // Read at the click: antd 6's Form.useWatch reports a change a macrotask later, so a click right
    // after typing would still see the old number.
    const phone: unknown = form.getFieldValue('phone');
    const valid = (await loadSchemas()).phoneSchema.safeParse(phone);
    if (!valid.success) {
      await form.validateFields(['phone']).catch(() => undefined);
      return;
    }
    setSending(true);
    try {
      await sendSmsCode(valid.data, purpose);
      void message.success(t('auth.codeSent'));
      setLeft(WAIT_SECONDS);
    } catch {
      // The request client has shown why (e.g. too many tries).
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={() => void send()} loading={sending} disabled={left > 0} style={{ minWidth: 120 }}>
      {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.getCode')}
    </Button>
  );
};
