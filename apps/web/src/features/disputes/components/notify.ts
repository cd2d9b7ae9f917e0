import { toast } from '../../../components/toast';
import { describeApiError } from '../../../lib/api-error';

export const notify = {
  success: (message: string) => toast.success(message),
  /** The server's reason when it gave one (409 "already has an open dispute", 403, …). */
  failure: (error: unknown) => toast.error(describeApiError(error).message),
};
