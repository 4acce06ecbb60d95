import type { WechatBridgeParams } from '@studio/contract';

type Bridge = {
  invoke: (name: string, params: WechatBridgeParams, cb: (res: { err_msg?: string }) => void) => void;
};
declare global {
  interface Window {
    WeixinJSBridge?: Bridge;
  }
}

/**
 * Opens WeChat's pay sheet (JSAPI) with the server's signed parameters, waiting for the bridge when it
 * is not ready yet. Resolves with WeChat's `err_msg`, which grants nothing: the page then asks the
 * server, which asks WeChat Pay.
 */
export function invokeWechatPay(params: WechatBridgeParams): Promise<string> {
  return new Promise((resolve) => {
    const run = () =>
      window.WeixinJSBridge!.invoke('getBrandWCPayRequest', params, (res) => resolve(res?.err_msg ?? ''));
    if (window.WeixinJSBridge) run();
    else document.addEventListener('WeixinJSBridgeReady', run, { once: true });
  });
}

const key = (orderId: number) => `pay-left:${orderId}`;
/** Marks that the buyer left for a provider's page (or its sheet): back on the pay page, it confirms with the server. */
export const markLeftToPay = (orderId: number) => sessionStorage.setItem(key(orderId), String(Date.now()));
export const leftToPay = (orderId: number) => sessionStorage.getItem(key(orderId)) !== null;
export const clearLeftToPay = (orderId: number) => sessionStorage.removeItem(key(orderId));

/** Leaves for a provider's page (an object, so a test can stand in for the navigation). */
export const leave = { to: (url: string) => window.location.assign(url) };
