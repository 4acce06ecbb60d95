/** API paths (`Routes`, ../routes.ts) of the store: catalog, cart, coupons, orders, refunds and invoices. */

export const storeRoutes = {
  list: '/store/list',
  suggest: '/store/suggest',
  course: '/store/course',
  changelog: '/store/changelog',
  purchased: '/store/purchased',
  teamSales: '/store/team/sales',
  teamPurchases: '/store/team/purchases',
  teamSalesExport: '/store/team/sales/export',
  teamPurchasesExport: '/store/team/purchases/export',
} as const;

export const cartRoutes = {
  list: '/cart/list',
  add: '/cart/add',
  remove: '/cart/remove',
  select: '/cart/select',
} as const;

export const couponRoutes = {
  create: '/coupon/create',
  list: '/coupon/list',
  disable: '/coupon/disable',
  preview: '/coupon/preview',
} as const;

export const orderRoutes = {
  checkout: '/order/checkout',
  detail: '/order/detail',
  list: '/order/list',
  pay: '/order/pay',
  cancel: '/order/cancel',
  notify: '/pay/notify',
  sandbox: '/pay/sandbox',
} as const;

export const refundRoutes = {
  apply: '/order/refund/apply',
  list: '/order/refund/list',
  approve: '/order/refund/approve',
  refuse: '/order/refund/refuse',
  /** The webhook a provider calls when a refund has been paid back (`/:provider`). */
  notify: '/pay/refund-notify',
} as const;

export const invoiceRoutes = {
  apply: '/order/invoice/apply',
  list: '/order/invoice/list',
  /** Multipart: field `invoiceId`, then field `file` (the PDF). */
  issue: '/order/invoice/issue',
  download: '/order/invoice/download',
} as const;
