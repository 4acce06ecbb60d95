import { WebPaths } from '@studio/contract/constants';
import type { PublicPageModel } from '@studio/contract';
import { BuyActions } from '../screens/buy-actions.tsx';
import { AttachmentList, visitorDownloadHref } from '../screens/attachment-list.tsx';
import { BuyPage } from '../screens/buy-page.tsx';
import { PartsProvider, PlainLink } from '../screens/parts.tsx';
import { PublicShell, VisitorNav } from '../screens/public-shell.tsx';
import { LoginToCopy, ShareScreen } from '../screens/share-screen.tsx';
import { StoreListScreen } from '../screens/store-list-screen.tsx';
import { STORE_SEARCH_WORDS, StoreSearch } from '../screens/store-search.tsx';
import { WxPreviewScreen } from '../screens/wx-preview-screen.tsx';
import { Island } from './island.tsx';
import { LoginView } from './login-view.tsx';
import { fixedT, WordsProvider } from './public-i18n.tsx';
import { ServerLessonContent } from './server-content.tsx';

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

/** A visitor buys after logging in; login comes back to the page they are on. */
const visitorBuy = (url: string) => (
  <BuyActions state={{ kind: 'visitor', loginHref: WebPaths.loginBack(url) }} />
);

const Body = ({ model, t }: { model: PublicPageModel; t: ReturnType<typeof fixedT> }) => {
  switch (model.page) {
    case 'storeList':
      return (
        <StoreListScreen
          query={model.query}
          list={model.list}
          search={
            <Island name="storeSearch" props={{ query: model.query }} words={STORE_SEARCH_WORDS}>
              <StoreSearch query={model.query} />
            </Island>
          }
        />
      );
    case 'storeCourse': {
      const intro = WebPaths.storePreview(model.course.courseId);
      return (
        <BuyPage
          course={model.course}
          lessonId={model.lessonId}
          actions={visitorBuy(intro)}
          introHref={intro}
          lessonHref={(id) => `${intro}?lesson=${id}`}
          backHref={WebPaths.storeList}
          attachments={
            model.lessonId !== null &&
            model.attachments && (
              <AttachmentList
                attachments={model.attachments}
                download={{ hrefOf: (id) => visitorDownloadHref(model.course.courseId, model.lessonId!, id) }}
              />
            )
          }
        />
      );
    }
    case 'wxPreview':
      return (
        <WxPreviewScreen
          course={model.course}
          attachments={model.attachments}
          lockedAction={visitorBuy(WebPaths.storePreview(model.course.courseId))}
        />
      );
    case 'share':
      return (
        <ShareScreen
          view={model.view}
          attachments={model.attachments}
          copy={<LoginToCopy shareId={model.view.share.shareId} />}
        />
      );
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

const SERVER_PARTS = { Link: PlainLink, Content: ServerLessonContent };

/** A public page as a visitor sees it, in the model's language. */
export const PublicPage = ({ model }: { model: PublicPageModel }) => {
  const t = fixedT(model.lang);
  return (
    <WordsProvider value={{ t, lang: model.lang }}>
      <PartsProvider value={SERVER_PARTS}>
        <PublicShell
          narrow={model.page === 'wxPreview' || model.page === 'login'}
          nav={<VisitorNav url={model.url} login={model.page !== 'login'} />}
        >
          <Body model={model} t={t} />
        </PublicShell>
      </PartsProvider>
    </WordsProvider>
  );
};
