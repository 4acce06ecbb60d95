/**
 * Live co-editing's limits: each refused or closed with its code, the process and the other
 * connections unharmed. Small caps (config) so each is reached quickly.
 */
import { Code } from '@studio/contract';
import * as encoding from 'lib0/encoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  closeAll,
  collabUrl,
  openClient,
  synced,
  textOf,
  typeText,
  waitFor,
} from '../../../test/collab-clients.ts';
import { createCourse, createLesson, teamOwner, writeLesson } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { closeFor } from './sockets.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({
    COLLAB_RECHECK_MS: '100',
    COLLAB_STORE_DEBOUNCE_MS: '50',
    COLLAB_MAX_MESSAGE_BYTES: '16384',
    COLLAB_MAX_DOC_BYTES: '32768',
    COLLAB_MAX_CONNECTIONS_PER_IP: '6',
    COLLAB_MAX_BUFFERED_BYTES: '65536',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = collabUrl(t);
});
afterAll(() => t.close());

async function lesson(text = 'keep') {
  const { user } = await teamOwner(t);
  const { courseId } = await createCourse(t, user.token);
  const { lessonId } = await createLesson(t, user.token, courseId);
  await writeLesson(t, user.token, lessonId, text);
  return { user, name: `lesson:${lessonId}` };
}

/** A raw socket: resolves with the close code and reason the server sent. */
function rawSocket() {
  const ws = new WebSocket(url);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  return { ws, closed, opened };
}

const frame = (name: string, type: number, body: (e: encoding.Encoder) => void) => {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, name);
  encoding.writeVarUint(e, type);
  body(e);
  return encoding.toUint8Array(e);
};

describe('live co-editing limits', () => {
  it('closes a socket sending one message over the cap (70006), others keep editing', async () => {
    const { user, name } = await lesson();
    const other = openClient(url, name, user.token);
    await synced(other);
    const raw = rawSocket();
    await raw.opened;
    raw.ws.send(frame(name, 5, (e) => encoding.writeVarString(e, 'x'.repeat(20_000))));
    expect(await raw.closed).toEqual(closeFor(Code.COLLAB_MESSAGE_TOO_LARGE));
    typeText(other, '!');
    await waitFor('other still syncs', () => other.provider.hasUnsyncedChanges === false);
    expect(textOf(other)).toBe('keep!');
    closeAll(other);
  });

  it('closes a socket sending a frame the protocol cannot read (70009) and a text frame', async () => {
    const garbage = rawSocket();
    await garbage.opened;
    garbage.ws.send(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]));
    expect(await garbage.closed).toEqual(closeFor(Code.COLLAB_MALFORMED));
    const badUpdate = rawSocket();
    await badUpdate.opened;
    badUpdate.ws.send(
      frame('lesson:1', 0, (e) => {
        encoding.writeVarUint(e, 2);
        encoding.writeVarUint8Array(e, new Uint8Array([9, 9, 9, 9]));
      }),
    );
    expect(await badUpdate.closed).toEqual(closeFor(Code.COLLAB_MALFORMED));
    const text = rawSocket();
    await text.opened;
    text.ws.send('hello');
    expect(await text.closed).toEqual(closeFor(Code.COLLAB_MALFORMED));
  });

  it('refuses a document growing over its cap (70007) and keeps what was there', async () => {
    const { user, name } = await lesson();
    const big = openClient(url, name, user.token);
    const reader = openClient(url, name, user.token);
    await Promise.all([synced(big), synced(reader)]);
    for (let i = 0; i < 4; i++) typeText(big, 'y'.repeat(10_000));
    await waitFor('closed for size', () =>
      big.closes.some((c) => c.reason === closeFor(Code.COLLAB_DOC_TOO_LARGE).reason),
    );
    expect(textOf(reader).startsWith('keep')).toBe(true);
    expect(textOf(reader).length).toBeLessThan(40_000);
    closeAll(big, reader);
  });

  it('closes sockets over the per-address limit (70008)', async () => {
    const open = Array.from({ length: 6 }, () => rawSocket());
    await Promise.all(open.map((s) => s.opened));
    const extra = rawSocket();
    expect(await extra.closed).toEqual(closeFor(Code.COLLAB_TOO_MANY_CONNECTIONS));
    for (const s of open) s.ws.close();
    await Promise.all(open.map((s) => s.closed));
    const again = rawSocket();
    await again.opened;
    again.ws.close();
  });

  it('closes a client that does not read (70010), the writer unharmed', async () => {
    const { user, name } = await lesson();
    const writer = openClient(url, name, user.token);
    const slow = openClient(url, name, user.token);
    await Promise.all([synced(writer), synced(slow)]);
    const before = t.app.collab.sockets.closed.get(Code.COLLAB_SLOW_CLIENT) ?? 0;
    // The slow client's socket stops reading: what the server sends it piles up.
    const ws = (
      slow.provider.configuration.websocketProvider as unknown as {
        webSocket: { _socket: { pause(): void } };
      }
    ).webSocket;
    ws._socket.pause();
    for (
      let i = 0;
      i < 1000 && (t.app.collab.sockets.closed.get(Code.COLLAB_SLOW_CLIENT) ?? 0) === before;
      i++
    ) {
      writer.provider.setAwarenessField('user', { id: 1, name: 'n'.repeat(15_000) + i, color: '#000' });
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(t.app.collab.sockets.closed.get(Code.COLLAB_SLOW_CLIENT)).toBe(before + 1);
    typeText(writer, '.');
    await waitFor('writer stored', () => writer.provider.hasUnsyncedChanges === false);
    closeAll(writer, slow);
  });
});
