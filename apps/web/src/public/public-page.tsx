import { WebPaths } from '@studio/contract/constants';
import type { PublicPageModel } from '@studio/contract';
import { BuyPageView, WxPreviewView } from './course-view.tsx';
import { LoginView } from './login-view.tsx';
import { fixedT, WordsProvider } from './public-i18n.tsx';
import { PublicShell } from './public-shell.tsx';
import { ShareCourseView } from './share-view.tsx';
import { StoreListView } from './store-list-view.tsx';

/** 404 and 410 as pages: what happened and a way on (the store). */
const Missing = ({ title, desc, action }: { title: string; desc: string; action: string }) => (
  <div className="pp-card pp-empty">
    <h1>{title}</h1>
    <p className="pp-muted">{desc}</p>
    <a href={WebPaths.storeList} className="pp-button pp-button-primary">
      {action}
    </a>
  </div>
);

const Body = ({ model, t }: { model: PublicPageModel; t: ReturnType<typeof fixedT> }) => {
  switch (model.page) {
    case 'storeList':
      return <StoreListView query={model.query} list={model.list} />;
    case 'storeCourse':
      return <BuyPageView course={model.course} lessonId={model.lessonId} />;
    case 'wxPreview':
      return <WxPreviewView course={model.course} />;
    case 'share':
      return <ShareCourseView view={model.view} />;
    case 'notFound':
      return model.what === 'share' ? (
        <Missing
          title={t('share.page.notFound')}
          desc={t('share.page.notFoundDesc')}
          action={t('store.course.back')}
        />
      ) : (
        <Missing
          title={t('store.course.notFound')}
          desc={t('store.course.notFoundDesc')}
          action={t('store.course.back')}
        />
      );
    case 'login':
      return <LoginView way={model.way} next={model.next} redirect={model.redirect} wechat={model.wechat} />;
    case 'shareGone':
      return (
        <Missing
          title={t('share.page.invalid')}
          desc={t('share.page.invalidDesc')}
          action={t('store.course.back')}
        />
      );
  }
};

/** A public page as a visitor sees it, in the model's language. */
export const PublicPage = ({ model }: { model: PublicPageModel }) => {
  const t = fixedT(model.lang);
  return (
    <WordsProvider value={{ t, lang: model.lang }}>
      <PublicShell
        url={model.url}
        narrow={model.page === 'wxPreview' || model.page === 'login'}
        login={model.page !== 'login'}
      >
        <Body model={model} t={t} />
      </PublicShell>
    </WordsProvider>
  );
};
