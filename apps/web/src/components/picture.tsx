import { type ImageSize, imageSources } from '@studio/contract/constants';
import type { ImgHTMLAttributes } from 'react';

/**
 * An uploaded image at one of its sizes (`sm` for cards and thumbnails, `lg` for a page's main
 * picture): a `<picture>` offering the WebP and the JPEG/PNG/GIF fallback, which the browser picks
 * from. The `<picture>` is `display: contents` (styles.css, public.css), so the `<img>` lays out and
 * is styled as if it stood alone. A URL that is not one of our re-encoded uploads is a plain `<img>`.
 * Plain React without antd: the server-rendered public pages use it too.
 */
export const Picture = ({
  url,
  size,
  ...img
}: { url: string; size: ImageSize } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'>) => {
  const sources = imageSources(url, size);
  const image = <img src={sources.src} {...img} />;
  if (!sources.webp) return image;
  return (
    <picture className="picture">
      <source type="image/webp" srcSet={sources.webp} />
      {image}
    </picture>
  );
};

/**
 * The small size of an uploaded avatar or logo as one URL, for antd's `<Avatar src>`: the app's script
 * is built for browsers that all decode WebP (Vite's baseline target), so the app takes the WebP.
 */
export const avatarUrl = (url: string | undefined): string | undefined =>
  url ? (imageSources(url, 'sm').webp ?? url) : undefined;
