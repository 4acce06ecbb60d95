/**
 * Uploaded images: what the server makes of an upload and how a page names its variants.
 *
 * The server re-encodes every upload (metadata stripped, EXIF orientation applied, capped) into two
 * sizes, each as WebP and as a fallback in the source's own family (JPEG for photos, PNG for images
 * that were PNG or have transparency, GIF for animations), stored side by side:
 * `cover/2026/11/<token>/lg.jpg`, `…/lg.webp`, `…/sm.jpg`, `…/sm.webp`. The URL handed out is the
 * large fallback; `imageSources` derives the others from it, so pages can offer WebP in a `<picture>`
 * and cards can take the small size. URLs of another shape (uploads from before re-encoding, or
 * anything else) come back as they are.
 */
import type { UploadKind } from './constants.ts';

export type ImageSize = 'lg' | 'sm';

/** The longest side of each size, per kind of upload (`fit: inside`, never enlarged). */
export const IMAGE_SIZES: Record<UploadKind, Record<ImageSize, number>> = {
  avatar: { lg: 512, sm: 128 },
  logo: { lg: 512, sm: 128 },
  cover: { lg: 1600, sm: 640 },
  image: { lg: 1600, sm: 800 },
};

/** Decoded pixels (all frames of an animation together) past which an upload is refused: a decompression bomb. */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;

export const IMAGE_FALLBACK_EXTENSIONS = ['jpg', 'png', 'gif'] as const;

const VARIANT_URL = /^(.*\/[A-Za-z0-9_-]{10,64}\/)(?:lg|sm)\.(jpg|png|gif)$/;

export interface ImageSources {
  /** The fallback (JPEG, PNG or GIF) for `<img src>`. */
  src: string;
  /** The same size as WebP, for a `<source type="image/webp">`; absent for other URLs. */
  webp?: string;
}

/** The URLs of one size of an uploaded image (see above); any other URL is returned as `src`. */
export function imageSources(url: string, size: ImageSize): ImageSources {
  const m = VARIANT_URL.exec(url);
  if (!m) return { src: url };
  const [, base, ext] = m;
  return { src: `${base}${size}.${ext}`, webp: `${base}${size}.webp` };
}
