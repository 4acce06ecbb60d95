/** Live co-editing clients for the server's tests and the bench: Hocuspocus providers on `ws`, 127.0.0.1 only. */
import type { AddressInfo } from 'node:net';
import { HocuspocusProvider } from '@hocuspocus/provider';
import { COLLAB_PATH, type DocNode } from '@studio/contract';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { FRAGMENT, fragmentToDoc } from '../src/modules/collab/y-json.ts';
import type { TestApp } from './test-app.ts';

export const collabUrl = (t: TestApp) =>
  `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${COLLAB_PATH}`;

export type Client = {
  provider: HocuspocusProvider;
  doc: Y.Doc;
  /** Refusal reasons and close reasons as the client saw them. */
  refused: string[];
  closes: { code: number; reason: string }[];
  scope: string | null;
};

export function openClient(url: string, name: string, token: string | null): Client {
  const doc = new Y.Doc();
  const client: Client = { provider: null as never, doc, refused: [], closes: [], scope: null };
  client.provider = new HocuspocusProvider({
    url,
    name,
    document: doc,
    token,
    WebSocketPolyfill: WebSocket,
    // One attempt per test step: a refused client must not keep retrying in the background.
    delay: 50,
    minDelay: 50,
    initialDelay: 0,
    maxAttempts: 3,
    onAuthenticationFailed: ({ reason }: { reason: string }) => client.refused.push(reason),
    onAuthenticated: ({ scope }: { scope: string }) => (client.scope = scope),
    onClose: ({ event }: { event: { code: number; reason: string } }) =>
      client.closes.push({ code: event.code, reason: event.reason }),
  } as never);
  return client;
}

/** Waits for a condition, polling at most `tries` times 20 ms apart (a bounded wait for an event). */
export async function waitFor(
  what: string,
  ok: () => boolean | Promise<boolean>,
  tries = 500,
): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const synced = (c: Client) => waitFor('sync', () => c.provider.isSynced);

/** Types at the end of the first paragraph, as the editor would (one Yjs transaction). */
export function typeText(c: Client, text: string): void {
  const fragment = c.doc.getXmlFragment(FRAGMENT);
  c.doc.transact(() => {
    let p = fragment.get(0) as Y.XmlElement | undefined;
    if (!p) {
      p = new Y.XmlElement('paragraph');
      fragment.insert(0, [p]);
    }
    let t = p.get(0) as Y.XmlText | undefined;
    if (!(t instanceof Y.XmlText)) {
      t = new Y.XmlText();
      p.insert(0, [t]);
    }
    t.insert(t.length, text);
  });
}

/** Every text of a document, joined. */
export const textOfDoc = (doc: DocNode): string =>
  doc.type === 'text' ? (doc.text ?? '') : (doc.content ?? []).map(textOfDoc).join('');
export const textOf = (c: Client): string => textOfDoc(fragmentToDoc(c.doc.getXmlFragment(FRAGMENT)));

export function closeAll(...clients: Client[]): void {
  for (const c of clients) c.provider.destroy();
}

/** The text of an app's own copy of a lesson's live document ('' while it holds none). */
export const serverText = (t: TestApp, lessonId: number): string => {
  const doc = t.app.collab.hocuspocus.documents.get(`lesson:${lessonId}`);
  return doc ? textOfDoc(fragmentToDoc(doc.getXmlFragment(FRAGMENT))) : '';
};
