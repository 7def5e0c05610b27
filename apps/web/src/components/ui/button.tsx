import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';
import { Spinner } from './spinner';

type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** The class names of a button look, for elements that are not <Button> (links, menu items). */
export function buttonClassName({ variant = 'primary', size = 'md', fullWidth }: StyleProps = {}, extra?: string) {
  return [styles.button, styles[variant], size !== 'md' && styles[size], fullWidth && styles.full, extra]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  /** Shows a spinner and disables the button (the label keeps its width). */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, fullWidth }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? (
        <>
          <span className={styles.loadingLabel}>{children}</span>
          <span className={styles.spinnerSlot}>
            <Spinner
              size="sm"
              tone={variant === 'primary' || variant === 'danger' || !variant ? 'inverse' : 'primary'}
            />
          </span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps, StyleProps {
  children: ReactNode;
}

/** A router link that looks like a button. */
export function ButtonLink({ variant, size, fullWidth, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClassName({ variant, size, fullWidth }, className)} {...rest} />;
}
