import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { PageLoading } from '../components/page-loading.tsx';
import { setNavigator } from '../lib/navigation.ts';
import { lazyPage, type RouteHandle } from './lazy-page.ts';
import { RootGate } from './root-gate.tsx';
import { RouteError } from './route-error.tsx';

const bare: RouteHandle = { bare: true };
const noTeam: RouteHandle = { noTeam: true };
const visitor: RouteHandle = { visitor: true };

const personal = () => import('../features/personal/personal-pages.ts');
const ai = () => import('../features/ai/ai-pages.tsx');
const store = () => import('../features/store/store-pages.tsx');
const courses = () => import('../features/courses/course-pages.tsx');
const exams = () => import('../features/exams/exams-pages.ts');

/** The seed's whole route table (§2). Every page is lazy; paths are spelt exactly as the seed has them. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootGate />,
    hydrateFallbackElement: <PageLoading />,
    errorElement: <RouteError />,
    children: [
      // Top level, without the main layout.
      {
        path: 'share/:shareId',
        lazy: lazyPage(() => import('../features/courses/share/share-page.tsx'), 'SharePage'),
      },
      {
        path: 'certificate/:code',
        lazy: lazyPage(() => import('../features/learn/certificate/certificate-page.tsx'), 'CertificatePage'),
      },
      { path: 'login', lazy: lazyPage(() => import('../features/auth/login-page.tsx'), 'LoginPage') },
      { path: 'loading', lazy: lazyPage(() => import('../features/auth/loading-page.tsx'), 'LoadingPage') },
      { path: 'wxAuth', lazy: lazyPage(() => import('../features/auth/wx-auth-page.tsx'), 'WxAuthPage') },
      {
        path: 'wx-preview/:courseId',
        lazy: lazyPage(() => import('../features/courses/share/wx-preview-page.tsx'), 'WxPreviewPage'),
      },
      {
        // Inside the main layout. The pathless child keeps the header when one page fails.
        lazy: lazyPage(() => import('./layouts/main-layout.tsx'), 'MainLayout'),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, loader: () => redirect(WebPaths.author) },
              {
                path: 'author',
                lazy: lazyPage(() => import('../features/author/author-home-page.tsx'), 'AuthorHomePage'),
              },
              {
                path: 'learn',
                lazy: lazyPage(() => import('../features/learn/list/learn-list-page.tsx'), 'LearnListPage'),
              },
              { path: 'exams', lazy: lazyPage(exams, 'MyExamsPage') },
              { path: 'exams/attempt/:attemptId', lazy: lazyPage(exams, 'AttemptPage') },
              { path: 'exam/bank', lazy: lazyPage(exams, 'QuestionBankPage') },
              { path: 'exam/manage', lazy: lazyPage(exams, 'ExamManagePage') },
              {
                path: 'learn/report',
                lazy: lazyPage(
                  () => import('../features/learn/report/learn-report-page.tsx'),
                  'LearnReportPage',
                ),
              },
              {
                path: 'training/report',
                lazy: lazyPage(
                  () => import('../features/training/report/training-report-page.tsx'),
                  'TrainingReportPage',
                ),
              },
              {
                path: 'learn/course/:courseId',
                lazy: lazyPage(
                  () => import('../features/learn/player/learn-course-page.tsx'),
                  'LearnCoursePage',
                ),
              },
              { path: 'ai', lazy: lazyPage(ai, 'AiHomePage') },
              { path: 'ai/create', lazy: lazyPage(ai, 'AiCreatePage') },
              { path: 'ai/progress', lazy: lazyPage(ai, 'AiProgressPage') },
              { path: 'store/preview/:courseId', handle: visitor, lazy: lazyPage(store, 'StorePreviewPage') },
              {
                path: 'store/course/:courseId/iframe/preview',
                handle: bare,
                lazy: lazyPage(store, 'StoreIframePreviewPage'),
              },
              {
                path: 'store',
                lazy: lazyPage(store, 'StoreLayout'),
                children: [
                  { index: true, loader: () => redirect(WebPaths.storeList) },
                  { path: 'list', handle: visitor, lazy: lazyPage(store, 'StoreListPage') },
                  { path: 'cart', lazy: lazyPage(store, 'StoreCartPage') },
                  { path: 'pay/:orderId', lazy: lazyPage(store, 'StorePayPage') },
                ],
              },
              {
                path: 'selectTeam',
                handle: noTeam,
                lazy: lazyPage(() => import('../features/teams/select-team-page.tsx'), 'SelectTeamPage'),
              },
              {
                path: 'creatTeam',
                handle: noTeam,
                lazy: lazyPage(() => import('../features/teams/create-team-page.tsx'), 'CreateTeamPage'),
              },
              {
                path: 'personal',
                handle: noTeam,
                lazy: lazyPage(personal, 'PersonalLayout'),
                children: [
                  { index: true, lazy: lazyPage(personal, 'ProfilePage') },
                  { path: 'user', lazy: lazyPage(personal, 'ProfilePage') },
                  { path: 'team', lazy: lazyPage(personal, 'TeamCentrePage') },
                  { path: 'trade', lazy: lazyPage(personal, 'TradePage') },
                ],
              },
              { path: 'create/course/:courseId', lazy: lazyPage(courses, 'CourseEditPage') },
              { path: 'create/course/:courseId/preview', lazy: lazyPage(courses, 'CoursePreviewPage') },
              {
                path: 'create/course/:courseId/buy/preview',
                lazy: lazyPage(courses, 'CourseBuyPreviewPage'),
              },
              {
                path: 'create/course/:courseId/iframe/preview',
                handle: bare,
                lazy: lazyPage(courses, 'CourseIframePreviewPage'),
              },
              { path: 'create/course/:courseId/release', lazy: lazyPage(courses, 'CourseReleasePage') },
              { path: 'create/course/:courseId/Lesson/:lessonId', lazy: lazyPage(courses, 'LessonEditPage') },
              {
                path: 'create/course/:courseId/lesson/:lessonId/preview',
                lazy: lazyPage(courses, 'LessonPreviewPage'),
              },
              {
                path: 'create/course/:courseId/lesson/:lessonId/iframe/preview',
                handle: bare,
                lazy: lazyPage(courses, 'LessonIframePreviewPage'),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: lazyPage(() => import('./not-found-page.tsx'), 'NotFoundPage') },
    ],
  },
];

export const createAppRouter = () => {
  const router = createBrowserRouter(routes);
  // Lets the request client and logout navigate without a page load.
  setNavigator((to, options) => router.navigate(to, options));
  return router;
};
