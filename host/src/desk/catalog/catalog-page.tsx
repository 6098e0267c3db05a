import { CATALOG_UPLOAD_MAX_BYTES, type CatalogUpload, type ProductPhotos } from '@shop/contracts/desk';
import { responsiveImage } from '@shop/contracts/photos';
import { Button } from '@shop/mf-shared/button';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { DeskError, deskApi } from '../api/desk-api.ts';
import { useDeskSession } from '../session/desk-session.tsx';
import desk from '../ui/desk.module.css';
import { plural } from '../ui/format.ts';
import styles from './catalog.module.css';

type State =
  | { kind: 'idle' }
  | { kind: 'sending'; name: string }
  | { kind: 'done'; answer: CatalogUpload }
  | { kind: 'failed'; message: string };

const MAX_MB = CATALOG_UPLOAD_MAX_BYTES / 1024 / 1024;

/**
 * The owner loads the catalogue: a ZIP with catalogue.json and the photo files it names (or the
 * JSON alone, its photos by https address). The whole catalogue is replaced in one step, or
 * nothing changes; photos that fail their checks are left out and listed with their row.
 */
export function CatalogPage() {
  const session = useDeskSession();
  const owner = session.state.kind === 'signed-in' && session.state.user.role === 'owner';
  const [state, setState] = useState<State>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  useEffect(() => {
    document.title = 'Каталог';
  }, []);

  if (!owner) {
    return (
      <section>
        <h1>Каталог</h1>
        <p>Каталог загружает только владелец магазина.</p>
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return setState({ kind: 'failed', message: 'Выберите файл каталога: архив .zip или .json' });
    if (file.size > CATALOG_UPLOAD_MAX_BYTES) {
      return setState({
        kind: 'failed',
        message: `Файл больше ${MAX_MB} МБ: загрузите каталог командой npm run import из папки (docs/operations.md)`,
      });
    }
    setState({ kind: 'sending', name: file.name });
    try {
      setState({ kind: 'done', answer: await deskApi.uploadCatalog(file) });
    } catch (failure) {
      setState({
        kind: 'failed',
        message: failure instanceof DeskError ? failure.message : 'Не удалось загрузить каталог. Повторите.',
      });
    }
  };

  return (
    <section className={styles.page}>
      <h1>Каталог</h1>
      <form onSubmit={(e) => void submit(e)} className={styles.form}>
        <label className={desk.label} htmlFor="catalog-file">
          Файл каталога
        </label>
        <input
          id="catalog-file"
          ref={input}
          type="file"
          name="catalog"
          accept=".zip,.json,application/zip,application/json"
          aria-describedby={hintId}
        />
        <p id={hintId} className={styles.hint}>
          Архив .zip с файлом catalogue.json и фото, которые он называет в «src» (JPEG, PNG, WebP или AVIF), или один
          .json с фото по https-адресам. До {MAX_MB} МБ. Каталог заменяется целиком.
        </p>
        <Button type="submit" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? 'Загружаем…' : 'Загрузить каталог'}
        </Button>
      </form>
      <div aria-live="polite">
        {state.kind === 'sending' && <p>Загружаем «{state.name}» и проверяем фото…</p>}
        {state.kind === 'failed' && (
          <p role="alert" className={desk.inlineError}>
            {state.message}
          </p>
        )}
        {state.kind === 'done' && <UploadReport answer={state.answer} />}
      </div>
      <ProductPhotosSection />
    </section>
  );
}

function UploadReport({ answer }: { answer: CatalogUpload }) {
  if (!answer.ok) {
    return (
      <div role="alert" data-testid="catalog-report">
        <h2>Каталог не загружен: {plural(answer.problems.length, 'ошибка', 'ошибки', 'ошибок')}</h2>
        <p>Магазин показывает прежний каталог. Исправьте файл и загрузите снова.</p>
        <Problems list={answer.problems} />
      </div>
    );
  }
  const { loaded, photos } = answer;
  return (
    <div data-testid="catalog-report">
      <h2>Каталог загружен</h2>
      <p>
        {[
          plural(loaded.categories, 'категория', 'категории', 'категорий'),
          plural(loaded.brands, 'бренд', 'бренда', 'брендов'),
          plural(loaded.models, 'модель', 'модели', 'моделей'),
          plural(loaded.products, 'цвет', 'цвета', 'цветов'),
          plural(loaded.offers, 'размер', 'размера', 'размеров'),
        ].join(', ')}
        {`; фото: ${photos.imported}.`}
      </p>
      {photos.refused.length > 0 && (
        <>
          <h3>Не приняты и пропущены: {plural(photos.refused.length, 'фото', 'фото', 'фото')}</h3>
          <Problems list={photos.refused} />
        </>
      )}
    </div>
  );
}

function Problems({ list }: { list: { position: string; line?: number; message: string }[] }) {
  return (
    <ul className={styles.problems}>
      {list.map((p) => (
        <li key={`${p.position}:${p.message}`}>
          <code>
            {p.line ? `строка ${p.line}, ` : ''}
            {p.position}
          </code>
          : {p.message}
        </li>
      ))}
    </ul>
  );
}

type PhotosState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'shown'; product: ProductPhotos; notice: string }
  | { kind: 'failed'; message: string };

const kb = (bytes: number) => `${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 }).format(bytes / 1024)} КБ`;

/** A colour's photos by its article: each one's size, what the store holds, and «Заменить». */
function ProductPhotosSection() {
  const [sku, setSku] = useState('');
  const [state, setState] = useState<PhotosState>({ kind: 'idle' });
  const show = async (article: string, notice = '') => {
    setState({ kind: 'loading' });
    try {
      const { product } = await deskApi.productPhotos(article);
      setState({ kind: 'shown', product, notice });
    } catch (failure) {
      setState({
        kind: 'failed',
        message: failure instanceof DeskError ? failure.message : 'Не удалось загрузить фото. Повторите.',
      });
    }
  };
  const replace = async (product: ProductPhotos, photoId: number, file: File | undefined) => {
    if (!file) return;
    try {
      await deskApi.replacePhoto(photoId, file);
      await show(product.sku, `Фото заменено: «${file.name}». Прежние копии удалены.`);
    } catch (failure) {
      setState({
        kind: 'shown',
        product,
        notice: failure instanceof DeskError ? failure.message : 'Не удалось заменить фото. Повторите.',
      });
    }
  };
  return (
    <section className={styles.photos} aria-labelledby="product-photos-title">
      <h2 id="product-photos-title">Фото товара</h2>
      <form
        className={styles.lookup}
        onSubmit={(e) => {
          e.preventDefault();
          if (sku.trim()) void show(sku.trim());
        }}
      >
        <label className={desk.label} htmlFor="photos-sku">
          Артикул цвета
        </label>
        <input
          id="photos-sku"
          className={desk.input}
          value={sku}
          onChange={(e) => setSku(e.target.value)}
          maxLength={100}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" disabled={state.kind === 'loading'}>
          Показать фото
        </Button>
      </form>
      <div aria-live="polite">
        {state.kind === 'failed' && (
          <p role="alert" className={desk.inlineError}>
            {state.message}
          </p>
        )}
        {state.kind === 'shown' && (
          <>
            <p>
              <a href={state.product.webPath}>{state.product.name}</a> · {state.product.sku}
            </p>
            {state.notice && <p role="status">{state.notice}</p>}
            <ul className={styles.photoList} data-testid="product-photos">
              {state.product.photos.map((photo, i) => {
                const picture = responsiveImage({ fullpath: photo.url, width: photo.width }, 160);
                return (
                  <li key={photo.id} className={styles.photoItem}>
                    <img
                      src={picture?.src ?? photo.url}
                      srcSet={picture?.srcSet}
                      sizes="160px"
                      width={160}
                      height={Math.round((160 * photo.height) / Math.max(1, photo.width))}
                      alt={`Фото ${i + 1}`}
                      style={photo.color ? { backgroundColor: photo.color } : undefined}
                    />
                    <p>
                      {photo.width}×{photo.height}
                      {photo.bytes !== null && `, оригинал ${kb(photo.bytes)}`}
                    </p>
                    <p className={styles.hint}>
                      {photo.renditions.length ? `Копии: ${photo.renditions.join(', ')}` : 'Копии ещё не сделаны'}
                    </p>
                    <label className={styles.replace}>
                      Заменить фото {i + 1}
                      <input
                        type="file"
                        accept="image/jpeg,image/png,image/webp,image/avif"
                        onChange={(e) => void replace(state.product, photo.id, e.target.files?.[0])}
                      />
                    </label>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
