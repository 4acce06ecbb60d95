import { Code } from '@studio/contract/constants';
import { describe, expect, it } from 'vitest';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { awarenessUsers } from './collab-header.tsx';
import { collabEditable, collabStatus, refusalCode, type CollabFacts } from './collab-state.ts';

const facts = (p: Partial<CollabFacts> = {}): CollabFacts => ({
  socket: 'connecting',
  syncedOnce: false,
  inSync: false,
  browserOffline: false,
  refusal: null,
  ...p,
});

describe('the connection status', () => {
  it('连接中 until connected, 同步中 until caught up, 已同步 after', () => {
    expect(collabStatus(facts()).kind).toBe('connecting');
    expect(collabStatus(facts({ socket: 'disconnected' })).kind).toBe('connecting');
    expect(collabStatus(facts({ socket: 'connected' })).kind).toBe('syncing');
    expect(collabStatus(facts({ socket: 'connected', syncedOnce: true, inSync: false })).kind).toBe(
      'syncing',
    );
    expect(collabStatus(facts({ socket: 'connected', syncedOnce: true, inSync: true })).kind).toBe('synced');
  });

  it('离线 once it had synced and the socket or the browser is down', () => {
    expect(collabStatus(facts({ socket: 'disconnected', syncedOnce: true })).kind).toBe('offline');
    expect(collabStatus(facts({ socket: 'connecting', syncedOnce: true })).kind).toBe('offline');
    expect(
      collabStatus(facts({ socket: 'connected', syncedOnce: true, inSync: true, browserOffline: true })).kind,
    ).toBe('offline');
  });

  it('a refusal shows its code; a fatal one even while the socket still says connected', () => {
    expect(collabStatus(facts({ socket: 'connected', refusal: Code.COLLAB_REMOVED }))).toEqual({
      kind: 'refused',
      code: Code.COLLAB_REMOVED,
    });
    expect(
      collabStatus(facts({ socket: 'disconnected', refusal: Code.COLLAB_TOO_MANY_CONNECTIONS })),
    ).toEqual({
      kind: 'refused',
      code: Code.COLLAB_TOO_MANY_CONNECTIONS,
    });
    // A passing refusal (too many connections) gives way once connected again.
    expect(
      collabStatus(
        facts({
          socket: 'connected',
          syncedOnce: true,
          inSync: true,
          refusal: Code.COLLAB_TOO_MANY_CONNECTIONS,
        }),
      ).kind,
    ).toBe('synced');
  });

  it('reads the code of a reason, and nothing from anything else', () => {
    expect(refusalCode('{"code":70003}')).toBe(70003);
    expect(refusalCode('{"code":401}')).toBeNull();
    expect(refusalCode('permission-denied')).toBeNull();
    expect(refusalCode('')).toBeNull();
    expect(refusalCode(undefined)).toBeNull();
  });
});

describe('read-only until synced', () => {
  const live = (p: Partial<CollabFacts> & { readOnly?: boolean } = {}) => ({
    ...facts(p),
    readOnly: p.readOnly ?? false,
  });
  it('no typing before the first sync, even connected', () => {
    expect(collabEditable(live({ socket: 'connected' }), true)).toBe(false);
    expect(collabEditable(live({ socket: 'connected', syncedOnce: true, inSync: true }), true)).toBe(true);
  });
  it('stays editable offline after the first sync (edits merge later)', () => {
    expect(collabEditable(live({ socket: 'disconnected', syncedOnce: true }), true)).toBe(true);
  });
  it('read-only connection, a fatal refusal, or no permission: not editable', () => {
    const synced = { socket: 'connected' as const, syncedOnce: true, inSync: true };
    expect(collabEditable(live({ ...synced, readOnly: true }), true)).toBe(false);
    expect(collabEditable(live({ ...synced, refusal: Code.COLLAB_SESSION_REVOKED }), true)).toBe(false);
    expect(collabEditable(live(synced), false)).toBe(false);
  });
});

describe('who is in the lesson (awareness)', () => {
  it('others once each, without me and without states that carry no user', () => {
    const doc = new Y.Doc();
    const awareness = new Awareness(doc);
    awareness.setLocalStateField('user', { id: 1, name: '我', color: '#000' });
    const states = awareness.getStates();
    states.set(101, { user: { id: 2, name: '小王', color: '#f00' } });
    states.set(102, { user: { id: 2, name: '小王', color: '#f00' } });
    states.set(103, { user: { id: 1, name: '我', color: '#000' } });
    states.set(104, { cursor: null });
    states.set(105, { user: { id: 3, name: '小李', color: '#0f0' } });
    expect(awarenessUsers(awareness)).toEqual([
      { id: 2, name: '小王', color: '#f00' },
      { id: 3, name: '小李', color: '#0f0' },
    ]);
    awareness.destroy();
    doc.destroy();
  });
});
