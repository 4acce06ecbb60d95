/**
 * The shared screens inside the app: the words are react-i18next's (the interface language), links
 * move with the router, and lesson content is the app's ContentView (its renderer and highlighter
 * load on demand, as the app's other readers do).
 */
import type { DocNode } from '@studio/contract';
import type { UiLang } from '@studio/contract/constants';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MediaPlaceProvider } from '../components/media-player/media-place.ts';
import { PartsProvider, type ContentPlace, type ScreenLinkProps } from './parts.tsx';
import { WordsProvider } from './words.tsx';
import './screens.css';
import './store-list.css';

const ContentView = lazy(() =>
  import('../components/content-view/content-view.tsx').then((m) => ({ default: m.ContentView })),
);

const AppContent = ({ doc, place }: { doc: DocNode; place?: ContentPlace }) => (
  <Suspense fallback={<div className="content-view" aria-busy="true" />}>
    <MediaPlaceProvider value={place ?? {}}>
      <ContentView doc={doc} />
    </MediaPlaceProvider>
  </Suspense>
);

/** An in-page anchor stays a plain link (the browser scrolls to it); any other moves with the router. */
const AppLink = ({ href, children, ...rest }: ScreenLinkProps) =>
  href.startsWith('#') ? (
    <a href={href} {...rest}>
      {children}
    </a>
  ) : (
    <RouterLink to={href} {...rest}>
      {children}
    </RouterLink>
  );

const APP_PARTS = { Link: AppLink, Content: AppContent };

export const AppScreen = ({ children }: { children: ReactNode }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as UiLang;
  const words = useMemo(() => ({ t, lang }), [t, lang]);
  return (
    <WordsProvider value={words}>
      <PartsProvider value={APP_PARTS}>{children}</PartsProvider>
    </WordsProvider>
  );
};
