import { toast } from '../../../../components/toast';

/** docs/product/limits.md: toasts on the shipped-orders screen close after 4 seconds; the close button dismisses them sooner. */
const SHIPPED_ORDERS_TOAST_MS = 4000;

export const notify = {
  success: (message: string) => toast.success(message, { duration: SHIPPED_ORDERS_TOAST_MS, dismissible: true }),
  error: (message: string) => toast.error(message, { duration: SHIPPED_ORDERS_TOAST_MS, dismissible: true }),
};
