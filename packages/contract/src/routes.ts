/**
 * Every API path, relative to API_BASE (`/api`). The web client and the server both use these. Each
 * domain's groups are in `routes/<domain>.ts`; the web app's page paths in `web-paths.ts`.
 */
import { authRoutes, userRoutes, teamRoutes } from './routes/account.ts';
import {
  courseRoutes,
  lessonRoutes,
  commentRoutes,
  mediaRoutes,
  attachmentRoutes,
  fileRoutes,
  shareRoutes,
  aiRoutes,
} from './routes/authoring.ts';
import {
  storeRoutes,
  cartRoutes,
  couponRoutes,
  orderRoutes,
  refundRoutes,
  invoiceRoutes,
} from './routes/store.ts';
import {
  learnRoutes,
  quizRoutes,
  certificateRoutes,
  trainingRoutes,
  notificationRoutes,
  examRoutes,
  courseExamRoutes,
} from './routes/learning.ts';

export const Routes = {
  health: '/health',
  ready: '/ready',
  openapi: '/openapi.json',
  auth: authRoutes,
  user: userRoutes,
  file: fileRoutes,
  team: teamRoutes,
  course: courseRoutes,
  lesson: lessonRoutes,
  store: storeRoutes,
  cart: cartRoutes,
  coupon: couponRoutes,
  order: orderRoutes,
  refund: refundRoutes,
  invoice: invoiceRoutes,
  ai: aiRoutes,
  learn: learnRoutes,
  training: trainingRoutes,
  notification: notificationRoutes,
  quiz: quizRoutes,
  certificate: certificateRoutes,
  media: mediaRoutes,
  comment: commentRoutes,
  attachment: attachmentRoutes,
  exam: examRoutes,
  courseExam: courseExamRoutes,
  share: shareRoutes,
} as const;

export * from './web-paths.ts';
