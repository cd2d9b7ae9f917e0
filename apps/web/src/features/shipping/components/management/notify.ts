import { toast } from '../../../../components/toast';

/** docs/product/limits.md: toasts on the shipment screens stay 4 seconds. */
const SHIPMENT_TOAST_MS = 4000;

export const notify = {
  success: (message: string) => toast.success(message, { duration: SHIPMENT_TOAST_MS }),
  error: (message: string) => toast.error(message, { duration: SHIPMENT_TOAST_MS }),
};
