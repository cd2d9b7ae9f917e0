import { toast } from '../../../components/toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { describeApiError } from '../../../lib/api-error';
import { useUpdateAdminProductStatusMutation } from '../admin-api';

export interface VisibilityChange {
  id: string;
  title: string;
  /** The status the listing has now; the dialog switches it to the other one. */
  status: 'active' | 'hidden';
}

/** Confirms hiding a listing from buyers, or restoring it, then makes the change. */
export function ProductVisibilityDialog({ change, onClose }: { change: VisibilityChange | null; onClose: () => void }) {
  const [updateStatus, { isLoading }] = useUpdateAdminProductStatusMutation();
  const isHiding = change?.status === 'active';

  async function confirm() {
    if (!change) return;
    try {
      await updateStatus({ id: change.id, status: isHiding ? 'hidden' : 'active' }).unwrap();
      toast.success(isHiding ? `“${change.title}” is hidden from buyers` : `“${change.title}” is visible to buyers again`);
      onClose();
    } catch (error) {
      toast.error(describeApiError(error).message);
    }
  }

  return (
    <ConfirmDialog
      isOpen={change !== null}
      title={isHiding ? 'Hide this listing?' : 'Restore this listing?'}
      confirmLabel={isHiding ? 'Hide listing' : 'Restore listing'}
      confirmVariant={isHiding ? 'danger' : 'primary'}
      isBusy={isLoading}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {isHiding
        ? `“${change?.title}” will disappear from search and its page, and buyers cannot order it. Its seller still sees it.`
        : `“${change?.title}” will show in search again and buyers can order it.`}
    </ConfirmDialog>
  );
}
