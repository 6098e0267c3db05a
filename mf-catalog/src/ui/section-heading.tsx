import type { ReactNode } from 'react';
import styles from './section-heading.module.css';

export function SectionHeading({ id, title, subtitle, children }: { id?: string; title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <div className={styles.head}>
      <div>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {children}
    </div>
  );
}
