/**
 * Reads a client's binary frame before Hocuspocus does: a frame the Hocuspocus/Yjs protocol cannot
 * read is refused (COLLAB_MALFORMED) and the socket closed, instead of Hocuspocus's generic reset
 * after an exception deep in a document. What is checked: the document name, a message type a client
 * may send, and each type's fields, with Yjs updates and awareness states decoded.
 */
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';

const SYNC = 0;
const AWARENESS = 1;
const AUTH = 2;
const QUERY_AWARENESS = 3;
const SYNC_REPLY = 4;
const STATELESS = 5;
const CLOSE = 7;
const PING = 9;
const PONG = 10;

function checkEnd(d: decoding.Decoder): void {
  if (d.pos > d.arr.length) throw new Error('frame ends early');
}

function readAwareness(update: Uint8Array): void {
  const d = decoding.createDecoder(update);
  const n = decoding.readVarUint(d);
  for (let i = 0; i < n; i++) {
    decoding.readVarUint(d);
    decoding.readVarUint(d);
    JSON.parse(decoding.readVarString(d));
    checkEnd(d);
  }
}

/** The frame's document name when the whole frame reads; null when it does not. */
export function readFrame(data: Uint8Array): { documentName: string; type: number } | null {
  try {
    const d = decoding.createDecoder(data);
    const documentName = decoding.readVarString(d);
    const type = decoding.readVarUint(d);
    checkEnd(d);
    switch (type) {
      case SYNC:
      case SYNC_REPLY: {
        const step = decoding.readVarUint(d);
        const payload = decoding.readVarUint8Array(d);
        checkEnd(d);
        if (step === 0) Y.decodeStateVector(payload);
        else if (step === 1 || step === 2) Y.decodeUpdate(payload);
        else return null;
        break;
      }
      case AWARENESS:
        readAwareness(decoding.readVarUint8Array(d));
        break;
      case AUTH:
        decoding.readVarUint(d);
        decoding.readVarString(d);
        break;
      case STATELESS:
        decoding.readVarString(d);
        break;
      case QUERY_AWARENESS:
      case CLOSE:
      case PING:
      case PONG:
        break;
      default:
        return null;
    }
    checkEnd(d);
    return { documentName, type };
  } catch {
    return null;
  }
}
