import { formatNumber } from '@shop/contracts/format';
import type { ProductData } from './product-data.ts';
import styles from './product-attributes.module.css';

type Attribute = ProductData['technicalAttributes'][number];

/** A numeric feature is shown with its unit («750 г»); the API's own text wins when it has one. */
export function attributeValue(attribute: Attribute): string {
  if (attribute.text) return attribute.text;
  if (attribute.type === 'NUMBER' && attribute.number !== null) {
    const value = formatNumber(attribute.number, 2);
    return attribute.unit ? `${value} ${attribute.unit}` : value;
  }
  return '—';
}

/** Technical attributes (text and numeric features) as a list of terms. */
export function ProductAttributes({ attributes }: { attributes: Attribute[] }) {
  if (attributes.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="product-attributes">
      <h2 id="product-attributes" className={styles.heading}>
        Характеристики
      </h2>
      <dl className={styles.list}>
        {attributes.map((attribute) => (
          <div key={attribute.name} className={styles.row}>
            <dt className={styles.term}>
              {attribute.title}
              {attribute.description && <span className={styles.note}>{attribute.description}</span>}
            </dt>
            <dd className={styles.value}>{attributeValue(attribute)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
