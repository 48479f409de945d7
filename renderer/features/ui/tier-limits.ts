/**
 * Spec section 5: reaching a free-tier limit (custom views, project directories) shows an alert with the
 * core's message, opens the pricing page, and creates nothing. One place for both limits.
 */
import type { NavigateFunction } from 'react-router';
import type { ErrorShape } from '../../../common/errors';

export function isLimitReached(error: unknown): error is ErrorShape {
  return typeof error === 'object' && error !== null && 'code' in error && (error as ErrorShape).code === 'limit_reached';
}

export function showLimitAndOpenPricing(error: ErrorShape, navigate: NavigateFunction): void {
  window.alert(error.message);
  void navigate('/pricing');
}

export function errorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message;
  return fallback;
}
