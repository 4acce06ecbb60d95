/**
 * An attachment's name is shown and sent back in Content-Disposition, never used as a path or key:
 * it is cleaned for display here (no folders, control or direction characters, at most 120
 * characters with its extension kept) and encoded for the header by RFC 6266 / RFC 5987.
 */
import { ATTACHMENT_LIMITS } from '@studio/contract';

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const FALLBACK = '附件';

const extOf = (name: string): string => {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name);
  return m ? m[1]!.toLowerCase() : '';
};
export const extensionOf = extOf;

/** The name as shown: the last path part of what the client sent, cleaned and cut (extension kept). */
export function cleanAttachmentName(raw: string | null | undefined): string {
  const last = (raw ?? '').replace(UNSAFE, '').split(/[/\\]/).pop()!.replace(/\s+/g, ' ').trim();
  const name = last.replace(/^[.\s]+/, '').trim();
  if (!name) return FALLBACK;
  const chars = [...name];
  if (chars.length <= ATTACHMENT_LIMITS.nameMax) return name;
  const ext = extOf(name);
  const tail = ext ? `.${ext}` : '';
  return (
    chars
      .slice(0, ATTACHMENT_LIMITS.nameMax - tail.length)
      .join('')
      .trimEnd() + tail
  );
}

/** The name with the extension the bytes say, added when the given one says something else. */
export function nameWithExtension(name: string, exts: readonly string[]): string {
  if (exts.includes(extOf(name))) return name;
  const tail = `.${exts[0]}`;
  const chars = [...name];
  const room = ATTACHMENT_LIMITS.nameMax - tail.length;
  return (chars.length > room ? chars.slice(0, room).join('') : name) + tail;
}

/**
 * `attachment; filename="<ASCII stand-in>"; filename*=UTF-8''<percent-encoded>`: browsers use the
 * encoded name (Chinese kept), older clients the stand-in; quotes, backslashes and non-ASCII never
 * reach the quoted string.
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
