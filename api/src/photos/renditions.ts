import { OG_PHOTO, type PhotoRendition } from '@shop/contracts/photos';
import sharp from 'sharp';

// libvips keeps recent operations' pixels in its own cache: a photo is rendered once and then
// read from disk, so that cache would only hold memory
sharp.cache(false);

export const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;

/**
 * One rendition of `original`: EXIF orientation applied, every metadata block left out (sharp
 * writes none unless asked), never wider than the original. Settings: AVIF effort 2 and WebP
 * quality 75 give photos a third to a half of the JPEG's bytes at a fraction of the slower
 * efforts' time (reports/photo-bench.md).
 */
export async function renderRendition(original: Buffer, rendition: PhotoRendition, maxPixels: number): Promise<Buffer> {
  const image = sharp(original, { limitInputPixels: maxPixels, failOn: 'error' }).rotate();
  if ('og' in rendition) {
    // the whole product on a white card of the size social networks show: cropping could cut it
    return image
      .resize(OG_PHOTO.width, OG_PHOTO.height, { fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  }
  const sized = image.resize({ width: rendition.width, withoutEnlargement: true });
  if (rendition.format === 'avif') return sized.avif({ quality: 50, effort: 2 }).toBuffer();
  if (rendition.format === 'webp') return sized.webp({ quality: 75 }).toBuffer();
  return sized.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true, progressive: true }).toBuffer();
}

/** The raster original of a generated catalogue picture: its SVG art drawn at the art's own size. */
export function rasterArt(svg: Buffer): Promise<Buffer> {
  return sharp(svg, { density: 72 }).png({ compressionLevel: 1 }).toBuffer();
}
