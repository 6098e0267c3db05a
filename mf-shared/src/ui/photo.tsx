import { responsiveImage } from '@shop/contracts/photos';
import type { ImgHTMLAttributes } from 'react';

export interface PhotoImage {
  fullpath: string;
  width: number;
  height: number;
  /** The photo's dominant colour, painted in its box until it loads. */
  color?: string | null;
}

export interface PhotoProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> {
  image: PhotoImage;
  /**
   * How wide the photo is drawn, per viewport (the `sizes` attribute), e.g. «(min-width: 1024px)
   * 25vw, 50vw»: the browser then downloads the width that fills it, no larger.
   */
  sizes: string;
  /**
   * The widest the box is ever drawn, in CSS px, when `sizes` is not one fixed width («64px»,
   * which says it itself): no rendition sharper than a 2× screen needs is offered.
   */
  widest?: number;
  /**
   * The first screen's largest photo: loaded at once with high priority. Others load as they come
   * near, unless `loading="eager"` says this one is on screen from the start too.
   */
  priority?: boolean;
}

/**
 * A picture of the shop: a photo of the photo pipeline as `<picture>` with AVIF and WebP in the
 * widths it has, any other picture (a logo's SVG, an outside address) as a plain `<img>`. Its box
 * keeps the photo's proportions and colour while it loads.
 *
 * The `<img>` inside a `<picture>` has one JPEG and no `srcset`: every browser the shop's scripts
 * target (rspack.base.ts) takes the WebP or AVIF `<source>`, so a JPEG list there would be bytes in
 * every page's HTML that no shopper's browser reads; the JPEG is for the others (and crawlers).
 */
export function Photo({ image, sizes, widest, priority = false, alt = '', style, width, height, loading = 'lazy', ...rest }: PhotoProps) {
  const fixed = /^(\d+)px$/.exec(sizes.trim());
  const responsive = responsiveImage(image, widest ?? (fixed ? Number(fixed[1]) : undefined));
  const img = (
    <img
      {...rest}
      src={responsive?.src ?? image.fullpath}
      // the box drawn, when it differs from the photo's own proportions (a square thumbnail)
      width={width ?? image.width}
      height={height ?? image.height}
      alt={alt}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      style={image.color ? { backgroundColor: image.color, ...style } : style}
    />
  );
  if (!responsive) return img;
  return (
    // no box of its own: the image stays a direct part of its parent's layout
    <picture style={{ display: 'contents' }}>
      {responsive.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
