/**
 * Every uploaded image is decoded and encoded again with sharp (libvips, prebuilt in the npm package):
 * what is stored and served is only what we wrote, never the uploaded bytes. That drops every piece
 * of metadata (EXIF with a phone's GPS position, XMP, IPTC, ICC after conversion to sRGB, comments),
 * applies the EXIF orientation to the pixels, caps the size and makes the sizes and formats the pages
 * use (`IMAGE_SIZES`, `imageSources` in the contract). Bytes that do not decode are refused, and so is
 * an image that declares more pixels than `IMAGE_MAX_INPUT_PIXELS` (a decompression bomb: a few
 * hundred bytes of PNG can declare 30000×30000), before any pixel is decoded.
 *
 * AVIF is not made: at libvips' fastest useful effort it took 2.9 s for a 1600 px photo on this
 * two-core machine (WebP: 0.6 s), for a file 10 % smaller than the WebP.
 */
import { Code, IMAGE_MAX_INPUT_PIXELS, IMAGE_SIZES, type ImageSize, type UploadKind } from '@studio/contract';
import type { Metadata, Sharp, SharpOptions } from 'sharp';

/** sharp (libvips, about 24 MB resident) is loaded with the first image, not by every server start. */
const loadSharp = async () => (await import('sharp')).default;
import { AppError } from '../../platform/errors.ts';

export type EncodedImage = {
  size: ImageSize;
  ext: 'jpg' | 'png' | 'gif' | 'webp';
  body: Buffer;
  type: string;
};

const MAX_MEGAPIXELS = IMAGE_MAX_INPUT_PIXELS / 1_000_000;
const TIMEOUT_SECONDS = 30;

const unreadable = () => new AppError(Code.IMAGE_UNREADABLE, { data: { field: 'file' } });
const tooManyPixels = () =>
  new AppError(Code.IMAGE_TOO_MANY_PIXELS, {
    params: { maxMegapixels: MAX_MEGAPIXELS },
    data: { field: 'file', maxMegapixels: MAX_MEGAPIXELS },
  });

/** libvips' own words for the pixel limit (checked again while decoding, after our check of the header). */
const isPixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

async function readHeader(body: Buffer, options: SharpOptions): Promise<Metadata> {
  const sharp = await loadSharp();
  try {
    return await sharp(body, options).metadata();
  } catch (err) {
    if (isPixelLimit(err)) throw tooManyPixels();
    throw unreadable();
  }
}

const inputOptions = (animated: boolean): SharpOptions => ({
  limitInputPixels: IMAGE_MAX_INPUT_PIXELS,
  animated,
  // A truncated or corrupt image is refused rather than half drawn.
  failOn: 'error',
});

type Family = 'jpg' | 'png' | 'gif';

/** The fallback format: the source's own family (photos stay JPEG, screenshots PNG, animations GIF). */
function familyOf(meta: Metadata, animated: boolean): Family {
  if (animated) return 'gif';
  if (meta.format === 'jpeg') return 'jpg';
  if (meta.format === 'webp' && !meta.hasAlpha) return 'jpg';
  return 'png';
}

function encode(pipeline: Sharp, ext: Family | 'webp'): Sharp {
  switch (ext) {
    case 'jpg':
      return pipeline.jpeg({ quality: 82, mozjpeg: true });
    case 'png':
      return pipeline.png({ compressionLevel: 9 });
    case 'gif':
      return pipeline.gif();
    case 'webp':
      return pipeline.webp({ quality: 82 });
  }
}

const TYPES = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' } as const;

/**
 * Decodes an upload and answers its variants (large and small, fallback and WebP), or throws
 * IMAGE_UNREADABLE / IMAGE_TOO_MANY_PIXELS. The caller has already checked the type by the bytes.
 */
export async function encodeUpload(kind: UploadKind, body: Buffer): Promise<EncodedImage[]> {
  const first = await readHeader(body, inputOptions(false));
  if (!['jpeg', 'png', 'gif', 'webp'].includes(first.format ?? '')) throw unreadable();
  const animated = (first.pages ?? 1) > 1 && (first.format === 'gif' || first.format === 'webp');
  const meta = animated ? await readHeader(body, inputOptions(true)) : first;
  // All frames of an animation count: `height` is then every page's height together.
  if ((meta.width ?? 0) * (meta.height ?? 0) > IMAGE_MAX_INPUT_PIXELS) throw tooManyPixels();
  const family = familyOf(meta, animated);
  const sizes = IMAGE_SIZES[kind];
  const sharp = await loadSharp();
  const jobs = (['lg', 'sm'] as const).flatMap((size) =>
    ([family, 'webp'] as const).map(async (ext): Promise<EncodedImage> => {
      const pipeline = sharp(body, inputOptions(animated))
        .timeout({ seconds: TIMEOUT_SECONDS })
        .autoOrient()
        .resize({ width: sizes[size], height: sizes[size], fit: 'inside', withoutEnlargement: true });
      // No `keepMetadata`/`withMetadata`: sharp writes none of the input's metadata.
      const out = await encode(pipeline, ext).toBuffer();
      return { size, ext, body: out, type: TYPES[ext] };
    }),
  );
  try {
    return await Promise.all(jobs);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (isPixelLimit(err)) throw tooManyPixels();
    throw unreadable();
  }
}

/**
 * A file stored before uploads were re-encoded (`<token>.<ext>`, no sizes) is cleaned the first time
 * it is read: when it still holds metadata (or an orientation) it is encoded again in its own
 * format and written back under the same key, so it is served without them from then on. An image
 * sharp wrote has none, so a cleaned file is read as it is afterwards (no loss from encoding twice).
 * Answers null for bytes that do not decode: those are not served at all.
 */
export async function cleanLegacyImage(body: Buffer): Promise<Buffer | 'clean' | null> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(body, inputOptions(true)).metadata();
  } catch {
    return null;
  }
  const dirty =
    meta.exif !== undefined ||
    meta.xmp !== undefined ||
    meta.iptc !== undefined ||
    meta.icc !== undefined ||
    meta.comments !== undefined ||
    (meta.orientation ?? 1) !== 1;
  if (!dirty) return 'clean';
  const ext: Family | 'webp' =
    meta.format === 'jpeg' ? 'jpg' : meta.format === 'gif' ? 'gif' : meta.format === 'webp' ? 'webp' : 'png';
  try {
    return await encode(
      sharp(body, inputOptions(true)).timeout({ seconds: TIMEOUT_SECONDS }).autoOrient(),
      ext,
    ).toBuffer();
  } catch {
    return null;
  }
}
