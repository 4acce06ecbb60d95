import { Code } from '@studio/contract/constants';

/** What the editor header says about the live connection. */
export type CollabStatus =
  | { kind: 'connecting' }
  | { kind: 'syncing' }
  | { kind: 'synced' }
  | { kind: 'offline' }
  /** The server refused or closed the connection with a business code (codes/collab.ts). */
  | { kind: 'refused'; code: number };

/** What the provider has told us so far. */
export interface CollabFacts {
  /** The WebSocket's state as the provider reports it. */
  socket: 'connecting' | 'connected' | 'disconnected';
  /** The first sync with the server happened (ever, on this page). */
  syncedOnce: boolean;
  /** The current connection's sync is done and nothing local is waiting for the server. */
  inSync: boolean;
  /** The browser says it has no network. */
  browserOffline: boolean;
  /** A refusal or close code from the server, if any. */
  refusal: number | null;
}

/** Refusals after which reconnecting cannot help: the page stays read-only with the code's message. */
const FATAL: ReadonlySet<number> = new Set([
  Code.COLLAB_UNAUTHORIZED,
  Code.COLLAB_NOT_FOUND,
  Code.COLLAB_REMOVED,
  Code.COLLAB_SESSION_REVOKED,
  Code.COLLAB_LESSON_DELETED,
  Code.COLLAB_BAD_DOCUMENT,
  Code.COLLAB_DOC_TOO_LARGE,
]);
export const isFatalRefusal = (code: number): boolean => FATAL.has(code);

/** The code of a refusal reason or close reason (`{"code": 7000x}`); null for anything else. */
export const refusalCode = (reason: string | undefined | null): number | null => {
  if (!reason) return null;
  try {
    const parsed: unknown = JSON.parse(reason);
    const code = (parsed as { code?: unknown } | null)?.code;
    return typeof code === 'number' && code >= 70000 && code < 70100 ? code : null;
  } catch {
    return null;
  }
};

/**
 * The one status the header shows. A fatal refusal wins; offline once we had been in sync (before
 * the first sync the page is still 连接中); connected but not caught up is 同步中.
 */
export const collabStatus = (f: CollabFacts): CollabStatus => {
  if (f.refusal !== null && (isFatalRefusal(f.refusal) || f.socket !== 'connected')) {
    return { kind: 'refused', code: f.refusal };
  }
  if (f.browserOffline || f.socket === 'disconnected')
    return f.syncedOnce ? { kind: 'offline' } : { kind: 'connecting' };
  if (f.socket === 'connecting') return f.syncedOnce ? { kind: 'offline' } : { kind: 'connecting' };
  return f.inSync ? { kind: 'synced' } : { kind: 'syncing' };
};

/**
 * Whether the editor may take typing: never before the first sync (Tiptap would put an empty
 * paragraph in front of the content), never on a read-only connection or after a fatal refusal.
 * Offline after the first sync stays editable: the edits merge on reconnect.
 */
export const collabEditable = (f: CollabFacts & { readOnly: boolean }, allowed: boolean): boolean =>
  allowed && f.syncedOnce && !f.readOnly && !(f.refusal !== null && isFatalRefusal(f.refusal));
