import zlib from 'node:zlib';
import sharp from 'sharp';

/** The smallest valid images, made in code so tests need no fixture files. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export function multipart(
  fields: Record<string, string>,
  file?: { name: string; body: Buffer; type: string },
) {
  const boundary = `----studio${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.body,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A photo as a phone writes it: a JPEG of `width`×`height` stored sideways with EXIF orientation 6
 * (shown turned 90° clockwise), a camera make and a GPS position (39°54′27″N 116°23′29″E).
 */
export async function phoneJpeg(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  // Top half red, bottom half blue, as stored: shown upright (rotated), red is on the right.
  for (let i = 0; i < width * height; i++) {
    const top = Math.floor(i / width) < height / 2;
    raw[i * 3] = top ? 255 : 0;
    raw[i * 3 + 2] = top ? 0 : 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '39/1 54/1 2712/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '116/1 23/1 2952/100',
      },
    })
    .toBuffer();
}

/** Whether EXIF bytes hold a GPS block (the GPS IFD pointer, tag 0x8825, either byte order). */
export const hasGpsTag = (exif: Buffer | undefined): boolean =>
  !!exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));

const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
};

/** A decompression bomb: a few hundred bytes of valid PNG that declare `side`×`side` grey pixels. */
export function pngBomb(side = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc((side + 1) * 16))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** 31 bytes that start like a GIF and go on as a script: `file-type` says GIF, no decoder reads it. */
export const GIF_SCRIPT = Buffer.from('GIF89a<script>alert(1)</script>', 'latin1');

/** A two-frame animated GIF of `width`×`height` (a red frame, then a blue one). */
export function animatedGif(width: number, height: number): Promise<Buffer> {
  const frame = width * height * 3;
  const raw = Buffer.alloc(frame * 2);
  for (let i = 0; i < width * height; i++) {
    raw[i * 3] = 255;
    raw[frame + i * 3 + 2] = 255;
  }
  return sharp(raw, { raw: { width, height: height * 2, channels: 3, pageHeight: height } })
    .gif({ delay: [100, 100] })
    .toBuffer();
}
