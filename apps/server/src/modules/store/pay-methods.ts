/**
 * Which ways to pay suit where the buyer is, read on the server from the user agent: inside WeChat
 * (`MicroMessenger`) WeChat Pay JSAPI first, and Alipay with the open-in-browser guide (WeChat blocks
 * Alipay's pages); in a phone's browser WeChat Pay H5 and Alipay WAP; on a desktop the QR codes and
 * Alipay page pay. Each method is played by the first configured provider that plays it.
 */
import type { PayMethod, PayPlace } from '@studio/contract';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';

const PHONE = /Android|iPhone|iPod|iPad|Mobile|HarmonyOS|OpenHarmony/i;

/** Where a user agent is: WeChat's in-app browser, a phone's browser, or a desktop. */
export function payPlaceOf(userAgent: string | undefined): PayPlace {
  const ua = (userAgent ?? '').slice(0, 1024);
  // WeChat's desktop app (WindowsWechat, MacWechat) opens pages in a browser without the pay bridge.
  if (/MicroMessenger/i.test(ua) && !/WindowsWechat|MacWechat/i.test(ua)) return 'wechat';
  return PHONE.test(ua) ? 'mobile' : 'desktop';
}

const BY_PLACE: Record<PayPlace, PayMethod[]> = {
  wechat: ['wechat_jsapi', 'alipay_wap'],
  mobile: ['wechat_h5', 'alipay_wap'],
  desktop: ['wechat_native', 'alipay_qr', 'alipay_page'],
};

export type OfferedMethod = { method: PayMethod; provider: PaymentProvider };

/**
 * The methods offered at `place`, in the configured providers' order (the default first). A place
 * where nothing configured plays (WeChat without a 公众号 for JSAPI and no Alipay) gets the desktop's
 * QR codes, which WeChat can still pay by. A real provider's JSAPI needs a 公众号 (the payer's openid).
 */
export function payMethodsFor(
  place: PayPlace,
  providers: Iterable<PaymentProvider>,
  /** A 公众号 is configured: a real provider may play JSAPI (the sandbox always may). */
  mp: boolean,
): OfferedMethod[] {
  const list = [...providers];
  const plays = (p: PaymentProvider, m: PayMethod) =>
    p.methods.includes(m) && (m !== 'wechat_jsapi' || mp || p.name === 'sandbox');
  const pick = (methods: PayMethod[]) => {
    const offered: OfferedMethod[] = [];
    for (const provider of list)
      for (const method of methods)
        if (plays(provider, method) && !offered.some((o) => o.method === method))
          offered.push({ method, provider });
    return offered;
  };
  const here = pick(BY_PLACE[place]);
  // Alipay inside WeChat is only a guide: it alone does not make the place payable.
  return here.some((o) => place !== 'wechat' || o.method !== 'alipay_wap')
    ? here
    : [...pick(BY_PLACE.desktop), ...here];
}
