/** The page's toasts (docs/product-rules.md#api-errors): any island or page script adds one; the Toaster island shows them. */
import { atom } from 'nanostores';
import { TOAST_MS } from '../../lib/constants.ts';

export type ToastKind = 'success' | 'error' | 'info';
export type Toast = { id: number; kind: ToastKind; message: string };

export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/** Shows a message for `ms` milliseconds; returns its id. */
export function showToast(message: string, kind: ToastKind = 'info', ms: number = TOAST_MS): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, kind, message }]);
  setTimeout(() => dismissToast(id), ms);
  return id;
}
