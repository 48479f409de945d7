/**
 * Short messages at the bottom of the window: an edit the core refused (rolled back), a song moved to Hidden
 * with its undo. A tiny external store, so any code (not only components) can raise one.
 */
import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  kind: 'info' | 'error';
  message: string;
  action?: { label: string; run: () => void };
}

const TOAST_LIFETIME_MS = 6000;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

export function showToast(toast: Omit<Toast, 'id'>): void {
  const id = nextId++;
  toasts = [...toasts.slice(-3), { ...toast, id }];
  emit();
  setTimeout(() => dismissToast(id), TOAST_LIFETIME_MS);
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
}
