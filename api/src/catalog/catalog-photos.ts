import { photoUrl } from '@shop/contracts/photos';
import type { PhotoImporter } from '../photos/photo-importer.ts';
import type { Catalog, CatalogImageInput } from './catalog-file.ts';
import type { CatalogProblem } from './validate-catalog.ts';

export interface CatalogPhotosResult {
  /** Photos read and kept (or found kept already). */
  imported: number;
  /** Photos refused, each with its row and reason; they are left out of the catalogue. */
  refused: CatalogProblem[];
  /** What cannot be loaded without the refused photos (a colour left with none): the import stops. */
  problems: CatalogProblem[];
}

interface Ref {
  position: string;
  image: CatalogImageInput;
  /** Takes the refused picture out of its place. */
  drop: () => void;
}

/** Every picture of the catalogue that names a photo to import (`src`). */
function photoRefs(catalog: Catalog): Ref[] {
  const refs: Ref[] = [];
  for (const [i, c] of catalog.categories.entries()) {
    if (c.image?.src !== undefined)
      refs.push({ position: `categories[${i}].image.src`, image: c.image, drop: () => delete c.image });
  }
  for (const [i, b] of catalog.brands.entries()) {
    if (b.logo?.src !== undefined)
      refs.push({ position: `brands[${i}].logo.src`, image: b.logo, drop: () => delete b.logo });
  }
  for (const [i, m] of catalog.models.entries()) {
    for (const [j, v] of m.variants.entries()) {
      for (const [k, p] of v.photos.entries()) {
        if (p.src !== undefined)
          refs.push({
            position: `models[${i}].variants[${j}].photos[${k}].src`,
            image: p,
            drop: () => v.photos.splice(v.photos.indexOf(p), 1),
          });
      }
    }
  }
  return refs;
}

/** Whether the catalogue names any photo to import. */
export const hasPhotosToImport = (catalog: Catalog) => photoRefs(catalog).length > 0;

/**
 * Imports every photo the catalogue names by `src` and puts the pipeline's address in its
 * place. A photo that fails its checks is left out and reported with its row; a colour left
 * without photos is a problem that stops the import.
 */
export async function importCatalogPhotos(catalog: Catalog, importer: PhotoImporter): Promise<CatalogPhotosResult> {
  const refs = photoRefs(catalog);
  const outcomes = await Promise.all(
    refs.map(async (ref) => ({ ref, outcome: await importer.load(ref.image.src as string) })),
  );
  const refused = outcomes.flatMap(({ ref, outcome }) =>
    outcome.ok ? [] : [{ position: ref.position, message: `фото «${ref.image.src}» не принято: ${outcome.reason}` }],
  );
  // last to first: taking a photo out of its list leaves the earlier ones where they were
  for (const { ref, outcome } of [...outcomes].reverse()) {
    if (!outcome.ok) {
      ref.drop();
      continue;
    }
    const { photo } = outcome;
    delete ref.image.src;
    Object.assign(ref.image, {
      url: photoUrl(photo.hash, photo.width),
      width: photo.width,
      height: photo.height,
      color: photo.color,
    });
  }
  const problems: CatalogProblem[] = [];
  for (const [i, m] of catalog.models.entries()) {
    for (const [j, v] of m.variants.entries()) {
      if (v.photos.length === 0)
        problems.push({
          position: `models[${i}].variants[${j}].photos`,
          message: `у цвета «${v.sku}» не осталось ни одного принятого фото`,
        });
    }
  }
  const imported = new Set(outcomes.flatMap(({ outcome }) => (outcome.ok ? [outcome.photo.hash] : []))).size;
  return { imported, refused, problems };
}
