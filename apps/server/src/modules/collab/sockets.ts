/**
 * The WebSocket side of live co-editing: `ws` on the app's own HTTP server (the `upgrade` event of
 * `/api/collab`), each socket handed to Hocuspocus behind the limits Hocuspocus does not keep:
 * sockets per address, the size of one message, frames the protocol cannot read, and a client that
 * does not read what it is sent. Each is closed with its business code (close code 4000 + the code's
 * last digits, reason `{"code":7000x}`), logged without the token, and touches nobody else's socket.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Hocuspocus } from '@hocuspocus/server';
import { Code } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { readFrame } from './frames.ts';

export type SocketLimits = {
  maxPerIp: number;
  maxMessageBytes: number;
  maxBufferedBytes: number;
};

/** The close code and reason of a business code (what the web reads from the close event). */
export const closeFor = (code: number) => ({ code: 4000 + (code % 1000), reason: JSON.stringify({ code }) });

const bytesOf = (data: RawData): Uint8Array => {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
};

export class CollabSockets {
  private readonly wss: WebSocketServer;
  private readonly perIp = new Map<string, number>();
  /** How many sockets were closed with each code (tests and the bench read it). */
  readonly closed = new Map<number, number>();

  private readonly hocuspocus: Hocuspocus;
  private readonly limits: SocketLimits;
  private readonly log: FastifyBaseLogger;
  private readonly ipOf: (req: IncomingMessage) => string;

  constructor(
    hocuspocus: Hocuspocus,
    limits: SocketLimits,
    log: FastifyBaseLogger,
    ipOf: (req: IncomingMessage) => string,
  ) {
    this.hocuspocus = hocuspocus;
    this.limits = limits;
    this.log = log;
    this.ipOf = ipOf;
    // Far over the cap, ws itself refuses (close 1009) before buffering more; up to it, we close with the code.
    this.wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes * 4 });
  }

  get size(): number {
    return this.wss.clients.size;
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const ip = this.ipOf(req);
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, req, ip));
  }

  closeWith(ws: WebSocket, code: number, why: Record<string, unknown>): void {
    if (ws.readyState !== ws.OPEN && ws.readyState !== ws.CONNECTING) return;
    this.closed.set(code, (this.closed.get(code) ?? 0) + 1);
    this.log.info({ collabCode: code, ...why }, 'collab: socket closed');
    const { code: wsCode, reason } = closeFor(code);
    ws.close(wsCode, reason);
    // A client that does not read never acknowledges the close: drop it.
    setTimeout(() => ws.terminate(), 1000).unref();
  }

  private accept(ws: WebSocket, req: IncomingMessage, ip: string): void {
    const count = (this.perIp.get(ip) ?? 0) + 1;
    this.perIp.set(ip, count);
    ws.on('error', (err) => this.log.info({ err, ip }, 'collab: socket error'));
    if (count > this.limits.maxPerIp) {
      ws.on('close', () => this.release(ip));
      this.closeWith(ws, Code.COLLAB_TOO_MANY_CONNECTIONS, { ip });
      return;
    }
    const socket = {
      send: (data: Uint8Array) => {
        if (ws.readyState !== ws.OPEN) return;
        if (ws.bufferedAmount > this.limits.maxBufferedBytes) {
          this.closeWith(ws, Code.COLLAB_SLOW_CLIENT, { ip, buffered: ws.bufferedAmount });
          return;
        }
        ws.send(data);
      },
      close: (code?: number, reason?: string) => ws.close(code, reason),
      get readyState() {
        return ws.readyState;
      },
    };
    const client = this.hocuspocus.handleConnection(socket, req as unknown as Request, { ip });
    ws.on('message', (data, isBinary) => {
      const bytes = bytesOf(data);
      if (bytes.byteLength > this.limits.maxMessageBytes) {
        this.closeWith(ws, Code.COLLAB_MESSAGE_TOO_LARGE, { ip, bytes: bytes.byteLength });
        return;
      }
      if (!isBinary || !readFrame(bytes)) {
        this.closeWith(ws, Code.COLLAB_MALFORMED, { ip, bytes: bytes.byteLength });
        return;
      }
      client.handleMessage(bytes);
    });
    ws.on('close', (code, reason) => {
      this.release(ip);
      client.handleClose({ code, reason: reason.toString() });
    });
  }

  private release(ip: string): void {
    const left = (this.perIp.get(ip) ?? 1) - 1;
    if (left > 0) this.perIp.set(ip, left);
    else this.perIp.delete(ip);
  }

  /** Closes every socket (the app is closing): clients reconnect to another process. */
  close(): void {
    for (const ws of this.wss.clients) ws.close(1001, 'server closing');
    this.wss.close();
  }
}
