import { useQuery } from '@apollo/client/react';
import { messageFor } from '@shop/contracts/errors';
import { Dialog, DialogHeader, SectionError, Spinner } from '@shop/mf-shared';
import { useState } from 'react';
import { ProductSizeChartDocument } from '../graphql/generated.ts';
import styles from './size-chart.module.css';

/**
 * «Таблица размеров»: a link-styled button under the size grid that opens the chart of the
 * product's category and brand (cm and RU/EU/US sizes) in a dialog, its sizes on sale marked.
 * The chart is asked only when opened: the page itself carries nothing of it.
 */
export function SizeChartButton({ productId, sizes }: { productId: string; sizes: readonly string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.open} onClick={() => setOpen(true)} aria-haspopup="dialog">
        Таблица размеров
      </button>
      <Dialog shown={open} className={styles.dialog} aria-labelledby="size-chart-title" onDismiss={() => setOpen(false)} dismissOnBackdrop onClose={() => setOpen(false)}>
        {open && <SizeChartBody productId={productId} sizes={sizes} onClose={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function SizeChartBody({ productId, sizes, onClose }: { productId: string; sizes: readonly string[]; onClose(): void }) {
  const { data, error, loading, refetch } = useQuery(ProductSizeChartDocument, { variables: { id: productId } });
  const chart = data?.product?.sizeChart;
  const onSale = new Set(sizes);
  return (
    <>
      <DialogHeader titleId="size-chart-title" title={chart?.title ?? 'Таблица размеров'} onClose={onClose} />
      <div className={styles.body}>
        {loading && !chart && <Spinner />}
        {error && !chart && <SectionError message={messageFor(error, 'load')} onRetry={() => void refetch()} />}
        {chart && (
          <>
            <div className={styles.scroll}>
              <table className={styles.table}>
                <caption className={styles.caption}>Размеры этой модели в продаже выделены</caption>
                <thead>
                  <tr>
                    <th scope="col">Размер</th>
                    {chart.columns.map((c) => (
                      <th key={c} scope="col">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {chart.rows.map((r) => (
                    <tr key={r.size} className={onSale.has(r.size) ? styles.onSale : undefined} data-testid="size-chart-row">
                      <th scope="row">{r.size}</th>
                      {r.values.map((v, i) => (
                        <td key={chart.columns[i] ?? i}>{v}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {chart.note && <p className={styles.note}>{chart.note}</p>}
          </>
        )}
      </div>
    </>
  );
}
