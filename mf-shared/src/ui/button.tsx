import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './button.module.css';

/** `accent`: the filled call to action in the shop's accent colour (the only look so far). */
export type ButtonVariant = 'accent';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Size, padding, radius and layout from the caller: its rules win over the kit's defaults. */
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** The kit's classes for a look, for an element that only looks like a button (a link). */
export function buttonClassName(variant: ButtonVariant = 'accent', className?: string): string {
  const base = `${styles.button} ${styles[variant]}`;
  return className ? `${base} ${className}` : base;
}

/** A `<button type="button">` (unless told otherwise) in the shop's look; every other prop passes through. */
export function Button({ variant = 'accent', className, type = 'button', ref, ...rest }: ButtonProps) {
  return <button ref={ref} type={type} className={buttonClassName(variant, className)} {...rest} />;
}
