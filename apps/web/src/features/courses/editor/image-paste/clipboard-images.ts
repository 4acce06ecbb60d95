/**
 * Images inside pasted HTML (a page or a document copied with its pictures). A `data:` image is the
 * picture itself: it is taken out of the HTML and uploaded like a pasted file, so no `data:` URL is
 * ever stored. A `file:` (or another page's `blob:`) image points into the copier's own machine, which
 * no reader can open and the page cannot read: it is dropped, and counted so the writer is told.
 */
export interface ClipboardImages {
  /** The HTML without those images (the same string when there were none). */
  html: string;
  /** The `data:` images, as files to upload (in the order they came). */
  files: File[];
  /** How many `file:`/`blob:` images were dropped. */
  local: number;
}

const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/svg+xml': 'svg' };

/** A `data:` URL as a File (null: not a data URL this can read). */
export function dataUrlFile(url: string, index: number): File | null {
  const match = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/is.exec(url.trim());
  if (!match) return null;
  const type = (match[1] || 'text/plain').toLowerCase();
  const body = match[3] ?? '';
  let bytes: Uint8Array;
  try {
    bytes = /;base64/i.test(match[2] ?? '')
      ? Uint8Array.from(atob(body.replace(/\s+/g, '')), (c) => c.charCodeAt(0))
      : new TextEncoder().encode(decodeURIComponent(body));
  } catch {
    return null;
  }
  const ext = EXT[type] ?? type.split('/')[1] ?? 'bin';
  return new File([bytes as BlobPart], `image-${index + 1}.${ext}`, { type });
}

export function clipboardImages(html: string): ClipboardImages {
  if (!/<img/i.test(html)) return { html, files: [], local: 0 };
  const dom = new DOMParser().parseFromString(html, 'text/html');
  const files: File[] = [];
  let local = 0;
  let unreadable = 0;
  for (const img of Array.from(dom.querySelectorAll('img'))) {
    const src = (img.getAttribute('src') ?? '').trim();
    if (/^data:/i.test(src)) {
      const file = dataUrlFile(src, files.length);
      if (file) files.push(file);
      else unreadable++;
      img.remove();
    } else if (/^(file|blob):/i.test(src)) {
      local++;
      img.remove();
    }
  }
  if (!files.length && !local && !unreadable) return { html, files, local };
  return { html: dom.body.innerHTML, files, local: local + unreadable };
}
