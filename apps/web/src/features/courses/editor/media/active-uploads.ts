/**
 * The uploads running in this page, by media id: the toolbar starts them, the media block's card
 * shows them (progress, pause, resume, cancel). They outlive the card (a block scrolled away, undone
 * or moved keeps uploading) and end with the page.
 */
import { useSyncExternalStore } from 'react';
import type { MediaUpload, UploadSnapshot } from './media-upload.ts';

const uploads = new Map<number, MediaUpload>();
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

export function trackUpload(mediaId: number, upload: MediaUpload): void {
  uploads.set(mediaId, upload);
  upload.subscribe(changed);
  changed();
}

export function forgetUpload(mediaId: number): void {
  if (uploads.delete(mediaId)) changed();
}

export const activeUpload = (mediaId: number | null): MediaUpload | null =>
  mediaId === null ? null : (uploads.get(mediaId) ?? null);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The upload of a media running in this page and its latest state, or null. */
export function useActiveUpload(
  mediaId: number | null,
): { upload: MediaUpload; state: UploadSnapshot } | null {
  const upload = useSyncExternalStore(subscribe, () => activeUpload(mediaId));
  const state = useSyncExternalStore(subscribe, () => upload?.snapshot ?? null);
  return upload && state ? { upload, state } : null;
}
