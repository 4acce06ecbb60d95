/**
 * What a shared screen renders differently on the server and in the app: a link (a plain `<a>` on
 * the server; the router's client-side link in the app) and a lesson's content (coloured on the
 * server; the app's ContentView, which loads the highlighter only for code).
 */
import type { DocNode } from '@studio/contract';
import {
  createContext,
  useContext,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
} from 'react';

export type ScreenLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'children'> & {
  href: string;
  children: ReactNode;
};

/** The lesson a content is (its media blocks play there); `paid`: not a free-preview lesson. */
/** Where a lesson's media play: its course and lesson, and on a share's page that share. */
export type ContentPlace = { courseId?: number; lessonId: number; paid: boolean; shareId?: string };

export type ScreenParts = {
  Link: ComponentType<ScreenLinkProps>;
  Content: ComponentType<{ doc: DocNode; place?: ContentPlace }>;
};

const PlainLink = ({ href, children, ...rest }: ScreenLinkProps) => (
  <a href={href} {...rest}>
    {children}
  </a>
);

const NoContent = () => null;

const PartsContext = createContext<ScreenParts>({ Link: PlainLink, Content: NoContent });
export const PartsProvider = PartsContext.Provider;
export const useParts = (): ScreenParts => useContext(PartsContext);
export { PlainLink };
