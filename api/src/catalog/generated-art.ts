import { brandDefs, colorDefs } from './generator-data.ts';
import { hash } from './prng.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function svg(w: number, h: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

const SHAPES: Record<string, string> = {
  // unit-box (100×60) silhouettes, scaled into the picture
  shoe: 'M5 40 Q8 22 25 20 L45 12 Q55 10 60 20 Q75 28 92 34 Q99 38 97 46 L96 50 L6 50 Z',
  boot: 'M20 5 L50 5 L52 30 Q75 32 92 38 Q99 42 97 50 L96 54 L16 54 L18 30 Z',
  top: 'M30 5 Q50 15 70 5 L95 20 L85 35 L75 30 L75 58 L25 58 L25 30 L15 35 L5 20 Z',
  tee: 'M32 6 Q50 14 68 6 L92 18 L84 30 L74 26 L74 58 L26 58 L26 26 L16 30 L8 18 Z',
  jacket: 'M30 4 L50 10 L70 4 L95 22 L88 58 L74 58 L74 30 L70 58 L30 58 L26 30 L26 58 L12 58 L5 22 Z',
};

function productSvg(kind: string, colorCls: string, sku: string, view: number, w: number, h: number): string {
  const color = colorDefs.find((c) => c.cls === colorCls)?.hex ?? `hsl(${hash(sku) % 360} 45% 50%)`;
  const accent = `hsl(${hash(`${sku}a`) % 360} 55% 45%)`;
  const shape = SHAPES[kind] ?? SHAPES.shoe;
  const scale = Math.min(w / 130, h / 90) * (view === 3 ? 0.8 : 1);
  const tx = w / 2 - 50 * scale * (view === 1 ? -1 : 1);
  const ty = h / 2 - 32 * scale;
  const flip = view === 1 ? -1 : 1;
  return svg(
    w,
    h,
    `<rect width="100%" height="100%" fill="#f2f2f0"/>` +
      `<g transform="translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${(scale * flip).toFixed(3)} ${scale.toFixed(3)})">` +
      `<path d="${shape}" fill="${color}" stroke="#333" stroke-width="0.8"/>` +
      `<path d="M10 46 L94 46" stroke="${accent}" stroke-width="3"/></g>` +
      `<text x="${w / 2}" y="${h - 24}" font-family="sans-serif" font-size="${Math.round(h / 32)}" fill="#777" text-anchor="middle">${esc(sku)} · ${view + 1}</text>`,
  );
}

function brandSvg(key: string): string {
  const name = brandDefs.find((b) => b.key === key)?.name ?? key.replace(/-/g, ' ').toUpperCase();
  return svg(240, 120, `<rect width="100%" height="100%" fill="#fff"/><text x="120" y="70" font-family="sans-serif" font-weight="700" font-size="${name.length > 10 ? 20 : 28}" fill="#111" text-anchor="middle">${esc(name)}</text>`);
}

function categorySvg(slug: string): string {
  const hue = hash(slug) % 360;
  return svg(600, 400, `<rect width="100%" height="100%" fill="hsl(${hue} 30% 88%)"/><circle cx="420" cy="200" r="140" fill="hsl(${hue} 45% 60%)"/><text x="40" y="360" font-family="sans-serif" font-size="28" fill="#333">${esc(slug)}</text>`);
}

const svgResponse = (body: string) =>
  new Response(body, {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      // the URL fully determines the picture
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });

/** Generated catalogue pictures: deterministic SVG drawn from the URL alone. */
export function imageResponse(pathname: string): Response | null {
  let m = /^\/api\/images\/product\/(shoe|boot|top|tee|jacket)\/([a-z-]{1,30})\/([A-Za-z0-9_.-]{1,60})\/([0-9])-(\d{2,4})x(\d{2,4})\.svg$/.exec(pathname);
  if (m) {
    const [w, h] = [Number(m[5]), Number(m[6])];
    if (w > 4000 || h > 4000) return null;
    return svgResponse(productSvg(m[1] as string, m[2] as string, decodeURIComponent(m[3] as string), Number(m[4]), w, h));
  }
  m = /^\/api\/images\/brand\/([a-z0-9-]{1,60})\.svg$/.exec(pathname);
  if (m) return svgResponse(brandSvg(m[1] as string));
  m = /^\/api\/images\/category\/([a-z0-9-]{1,60})-(\d{1,3})\.svg$/.exec(pathname);
  if (m) return svgResponse(categorySvg(m[1] as string));
  return null;
}
