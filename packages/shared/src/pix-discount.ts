/**
 * The PIX discount (ADR 024), pure and in integer cents: a percent off the amount paid by PIX, rounded half up to the
 * cent. The percent counts to the hundredth (5, 7.5, 2.35 %), so the discount is worked out on integers:
 * amount × P / 10 000 with P the percent in hundredths. A percent of 0 or less (or not a number) gives no discount, and
 * the discount never goes above the amount (100 % or more makes it free). A negative amount has no discount.
 */
import { MSG } from './messages.js';
import { formatBRL, type Cents } from './money.js';

/** The discount of `percent` % on `amount`, in cents. R$ 499,00 at 5 % → R$ 24,95. */
export function pixDiscount(amount: Cents, percent: number): Cents {
  const cents = Number.isFinite(amount) ? Math.round(amount) : 0;
  if (cents <= 0 || !Number.isFinite(percent) || percent <= 0) return 0;
  if (percent >= 100) return cents;
  const hundredths = Math.round(percent * 100);
  // cents × hundredths / 10 000 in two parts, so the product stays a safe integer for any amount the database holds.
  const whole = Math.floor(cents / 10_000);
  const rest = cents - whole * 10_000;
  return Math.min(cents, whole * hundredths + Math.floor((rest * hundredths + 5_000) / 10_000));
}

/** The amount paid by PIX: amount − pixDiscount. R$ 499,00 at 5 % → R$ 474,05. */
export const pixPrice = (amount: Cents, percent: number): Cents =>
  Math.max(0, Number.isFinite(amount) ? Math.round(amount) : 0) - pixDiscount(amount, percent);

/** 'R$ 474,05 no PIX'. */
export const formatPixPrice = (cents: Cents): string => MSG.precoNoPix.replace('{valor}', formatBRL(cents));
