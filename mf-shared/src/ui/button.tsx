import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './button.module.css';
import { withCallerClass } from './class-name.ts';

/**
 * `accent`: the filled call to action in the shop's accent colour; `secondary`: the same box
 * outlined in the accent, for the choice beside it; `outline`: a bordered box on the surface (a
 * filter or size chip); `link`: underlined text that acts; `plain`: no box at all (a close ×).
 */
export type ButtonVariant = 'accent' | 'secondary' | 'outline' | 'link' | 'plain';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Size, padding, radius and layout from the caller: its rules win over the kit's defaults. */
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** The kit's classes for a look, for an element that only looks like a button (a link). */
export function buttonClassName(variant: ButtonVariant = 'accent', className?: string): string {
  return withCallerClass(`${styles.button} ${styles[variant]}`, className);
}

/**
 * The `outline` look for what is not a button: a choice's box (a size, a delivery method) drawn
 * beside its radio or checkbox.
 */
export function chipClassName(className?: string): string {
  return withCallerClass(`${styles.outline}`, className);
}

export interface CloseButtonProps extends Omit<ButtonProps, 'variant' | 'aria-label'> {
  /** Its name for screen readers («Закрыть», «Скрыть уведомление»). */
  label: string;
}

/** The bare × that closes a dialog, a panel or a notice; an icon as children replaces the ×. */
export function CloseButton({ label, children = '×', ...rest }: CloseButtonProps) {
  return (
    <Button variant="plain" aria-label={label} {...rest}>
      {children}
    </Button>
  );
}

/** A `<button type="button">` (unless told otherwise) in the shop's look; every other prop passes through. */
export function Button({ variant = 'accent', className, type = 'button', ref, ...rest }: ButtonProps) {
  return <button ref={ref} type={type} className={buttonClassName(variant, className)} {...rest} />;
}
