import { StyleProvider } from '@ant-design/cssinjs';
import type { ReactNode } from 'react';
import { Providers } from '../app/providers.tsx';

/*
 * antd's CSS-in-JS writes thousands of rules into <head>, and jsdom matches every one of them on each
 * getComputedStyle, which Testing Library's role queries call for every element and its ancestors:
 * page tests spent most of their time there and timed out on a busy machine. In tests the styles go
 * to a node outside the document; tests check behaviour and names, not looks.
 */
const detachedStyles = document.createElement('div');

/** The app's providers, as in the app, with antd's styles kept out of the test document. */
export const TestProviders = ({ children }: { children: ReactNode }) => (
  <StyleProvider container={detachedStyles}>
    <Providers>{children}</Providers>
  </StyleProvider>
);
