import { HocuspocusProvider } from '@hocuspocus/provider';
import { COLLAB_PATH, collabDocumentName } from '@studio/contract';
import { useEffect, useState } from 'react';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { readStoredUser, readToken } from '../../../../lib/storage.ts';
import { beforeRemoteSignal, type BeforeRemote } from './caret-before-remote.ts';
import {
  collabStatus,
  isFatalRefusal,
  refusalCode,
  type CollabFacts,
  type CollabStatus,
} from './collab-state.ts';

/** Caret colours, readable on white; a user keeps one by id. */
const COLOURS = ['#d4380d', '#096dd9', '#389e0d', '#c41d7f', '#d48806', '#531dab', '#08979c', '#cf1322'];
export const colourOf = (userId: number): string => COLOURS[Math.abs(userId) % COLOURS.length]!;

/** Who this browser is, as others see it in the awareness state (`user`, per the interface). */
export interface CollabUser {
  id: number;
  name: string;
  color: string;
}

/** This browser's user, from the stored login. */
export const meAsCollabUser = (): CollabUser => {
  const me = readStoredUser();
  return { id: me?.userId ?? 0, name: me?.nickName ?? '', color: colourOf(me?.userId ?? 0) };
};

export interface Collab {
  doc: Y.Doc;
  awareness: Awareness;
  beforeRemote: BeforeRemote;
  status: CollabStatus;
  facts: CollabFacts & { readOnly: boolean };
}

const collabUrl = (): string => {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${COLLAB_PATH}`;
};

const INITIAL: CollabFacts & { readOnly: boolean } = {
  socket: 'connecting',
  syncedOnce: false,
  inSync: false,
  browserOffline: false,
  refusal: null,
  readOnly: false,
};

/**
 * One lesson's live document: the Y.Doc and awareness exist for the page's life (the editor is built
 * on them); the Hocuspocus provider connects in an effect (so StrictMode's second mount gets a fresh
 * one) with the session token. What the provider reports becomes `facts` and the header's `status`.
 */
export const useCollab = (lessonId: number): Collab => {
  const [doc] = useState(() => new Y.Doc());
  const [awareness] = useState(() => new Awareness(doc));
  const [beforeRemote] = useState(beforeRemoteSignal);
  const [facts, setFacts] = useState(() => ({
    ...INITIAL,
    browserOffline: typeof navigator !== 'undefined' && navigator.onLine === false,
  }));

  useEffect(() => {
    const user = meAsCollabUser();
    const patch = (p: Partial<typeof facts>) => setFacts((f) => ({ ...f, ...p }));
    let stopped = false;
    const refuse = (reason: string | undefined) => {
      const code = refusalCode(reason);
      if (code === null) return;
      patch({ refusal: code });
      // Reconnecting cannot help (removed, revoked, not found…): stop trying.
      if (isFatalRefusal(code) && !stopped) {
        stopped = true;
        queueMicrotask(() => provider.disconnect());
      }
    };
    const provider = new HocuspocusProvider({
      url: collabUrl(),
      name: collabDocumentName(lessonId),
      document: doc,
      awareness,
      token: () => readToken(),
      onStatus: ({ status }) =>
        patch({ socket: status, ...(status === 'connected' ? {} : { inSync: false }) }),
      onAuthenticated: ({ scope }) => patch({ readOnly: scope === 'readonly', refusal: null }),
      onAuthenticationFailed: ({ reason }) => refuse(reason),
      onSynced: ({ state }) => {
        if (state) patch({ syncedOnce: true, inSync: !provider.hasUnsyncedChanges });
      },
      onUnsyncedChanges: ({ number }) => patch({ inSync: number === 0 && provider.isSynced }),
      onClose: ({ event }) => refuse(event.reason),
    });
    // Emitted before the provider applies a message: the editor reads its caret first.
    provider.on('message', beforeRemote.fire);
    provider.setAwarenessField('user', user);
    // The browser knows it is offline before the socket does: stop now, and reconnect when back
    // (the edits made meanwhile are in the Y.Doc and merge on the sync that follows).
    const online = () => {
      patch({ browserOffline: false });
      if (!stopped) void provider.connect();
    };
    const offline = () => {
      patch({ browserOffline: true });
      provider.disconnect();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      provider.destroy();
    };
  }, [doc, awareness, beforeRemote, lessonId]);

  useEffect(() => () => doc.destroy(), [doc]);

  return { doc, awareness, beforeRemote, facts, status: collabStatus(facts) };
};
