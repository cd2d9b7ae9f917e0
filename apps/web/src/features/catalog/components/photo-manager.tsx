import { useCallback, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { ArrowLeft, ArrowRight, ImagePlus, Star, Trash2 } from 'lucide-react';
import { toast } from '../../../components/toast';
import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES, type ProductImage as ProductImageData } from '@marketplace/contracts/catalog';
import { Alert } from '../../../components/alert';
import { Button, buttonClasses } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ProductImage } from '../../../components/product-image';
import { Spinner } from '../../../components/spinner';
import { describeApiError } from '../../../lib/api-error';
import { pluralise, pluralNoun } from '../../../lib/plural';
import { useDeleteProductImageMutation, useListProductImagesQuery, useReorderProductImagesMutation, useUploadProductImagesMutation } from '../seller-api';
import { PhoneUploadPanel } from './phone-upload-panel';

/** docs/product/uploads.md: while a phone link is shown, new photos are fetched every 3 seconds. */
export const PHONE_PHOTO_POLL_MS = 3000;

function moveImage(ids: string[], from: number, to: number): string[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/** Picks the files the server would accept, and says why the others were left out. */
function checkFiles(files: File[], room: number): { accepted: File[]; problems: string[] } {
  const problems: string[] = [];
  const images = files.filter((file) => file.type.startsWith('image/') || /\.(heic|heif)$/i.test(file.name));
  if (images.length < files.length) problems.push(`${pluralise(files.length - images.length, 'file')} skipped: only images can be uploaded.`);
  const small = images.filter((file) => file.size <= MAX_IMAGE_BYTES);
  if (small.length < images.length) problems.push(`${pluralise(images.length - small.length, 'image')} skipped: each photo must be 10 MB or smaller.`);
  const accepted = small.slice(0, Math.max(0, room));
  if (accepted.length < small.length)
    problems.push(
      `A listing can have at most ${MAX_PRODUCT_IMAGES} photos, so ${small.length - accepted.length} ${pluralNoun(small.length - accepted.length, 'was', 'were')} left out.`,
    );
  return { accepted, problems };
}

/** The listing's photos: upload, order (the first is the cover), delete, and add from a phone. */
export function PhotoManager({ productId, productTitle }: { productId: string; productTitle: string }) {
  const [isPhoneLinkActive, setIsPhoneLinkActive] = useState(false);
  const images = useListProductImagesQuery(productId, { pollingInterval: isPhoneLinkActive ? PHONE_PHOTO_POLL_MS : 0, skipPollingIfUnfocused: false });
  const [uploadImages, upload] = useUploadProductImagesMutation();
  const [reorderImages, reorder] = useReorderProductImagesMutation();
  const [deleteImage, deletion] = useDeleteProductImageMutation();
  const [problems, setProblems] = useState<string[]>([]);
  const [pendingDelete, setPendingDelete] = useState<{ image: ProductImageData; number: number } | null>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);

  const list = images.data ?? [];
  const room = MAX_PRODUCT_IMAGES - list.length;
  const isBusy = upload.isLoading || reorder.isLoading || deletion.isLoading;
  const onPhoneLinkChange = useCallback((isActive: boolean) => setIsPhoneLinkActive(isActive), []);

  async function handleFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // Clear the input so choosing the same file again still fires a change.
    event.target.value = '';
    if (files.length === 0) return;
    const { accepted, problems: found } = checkFiles(files, room);
    setProblems(found);
    if (accepted.length === 0) return;
    try {
      await uploadImages({ id: productId, files: accepted }).unwrap();
      toast.success(`Uploaded ${pluralise(accepted.length, 'photo')}`, { duration: 4000 });
    } catch (error) {
      setProblems((current) => [...current, `Upload failed: ${describeApiError(error).message}`]);
    }
  }

  async function saveOrder(imageIds: string[], success: string) {
    try {
      await reorderImages({ id: productId, imageIds }).unwrap();
      toast.success(success, { duration: 4000 });
    } catch (error) {
      toast.error(`Could not change the order: ${describeApiError(error).message}`, { duration: 4000 });
    }
  }

  async function confirmDelete() {
    if (!pendingDelete) return;
    try {
      await deleteImage({ id: productId, imageId: pendingDelete.image.id }).unwrap();
      toast.success('Photo deleted', { duration: 4000 });
    } catch (error) {
      toast.error(`Could not delete the photo: ${describeApiError(error).message}`, { duration: 4000 });
    } finally {
      setPendingDelete(null);
    }
  }

  const ids = list.map((image) => image.id);

  return (
    <section aria-labelledby="photos-title" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="photos-title" className="text-base font-semibold text-slate-900">
            Photos
          </h2>
          <p className="mt-1 text-sm text-slate-600" aria-live="polite">
            {list.length} of {MAX_PRODUCT_IMAGES} photos. The first photo is the cover buyers see in search results.
          </p>
        </div>
        <div className="shrink-0">
          <input
            ref={fileInputRef}
            id="photo-upload-input"
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            disabled={room <= 0 || upload.isLoading}
            onChange={(event) => void handleFiles(event)}
          />
          <label
            htmlFor="photo-upload-input"
            className={buttonClasses({ className: room <= 0 || upload.isLoading ? 'pointer-events-none opacity-60' : 'cursor-pointer' })}
          >
            {upload.isLoading ? <Spinner className="size-4" /> : <ImagePlus className="size-4" aria-hidden />}
            {upload.isLoading ? 'Uploading…' : 'Upload photos'}
          </label>
        </div>
      </div>

      {problems.length > 0 && (
        <Alert tone="warning">
          <ul className="space-y-0.5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      )}

      {images.isLoading ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> Loading photos…
        </p>
      ) : images.isError ? (
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void images.refetch()}>
              Try again
            </Button>
          }
        >
          The photos could not be loaded.
        </Alert>
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          No photos yet. Listings with clear photos sell faster — upload some or add them from your phone.
        </p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Listing photos">
          {list.map((image, index) => {
            const number = index + 1;
            const isCover = index === 0;
            return (
              <li key={image.id} className="overflow-hidden rounded-lg border border-slate-200 bg-white">
                <div className="relative">
                  <ProductImage src={image.thumbnailUrl || image.url} alt={`Photo ${number} of ${productTitle}`} className="aspect-square w-full" />
                  {isCover && (
                    <span className="absolute top-1.5 left-1.5 inline-flex items-center gap-1 rounded-md bg-brand-700 px-1.5 py-0.5 text-xs font-medium text-white">
                      <Star className="size-3" aria-hidden /> Cover
                    </span>
                  )}
                </div>
                <div className="flex items-center justify-between gap-1 p-1.5">
                  <div className="flex gap-0.5">
                    <IconButton
                      label={`Move photo ${number} left`}
                      disabled={isBusy || index === 0}
                      onClick={() => void saveOrder(moveImage(ids, index, index - 1), 'Photo moved')}
                    >
                      <ArrowLeft className="size-4" aria-hidden />
                    </IconButton>
                    <IconButton
                      label={`Move photo ${number} right`}
                      disabled={isBusy || index === list.length - 1}
                      onClick={() => void saveOrder(moveImage(ids, index, index + 1), 'Photo moved')}
                    >
                      <ArrowRight className="size-4" aria-hidden />
                    </IconButton>
                  </div>
                  <div className="flex gap-0.5">
                    {!isCover && (
                      <IconButton
                        label={`Make photo ${number} the cover`}
                        disabled={isBusy}
                        onClick={() => void saveOrder(moveImage(ids, index, 0), 'Cover photo changed')}
                      >
                        <Star className="size-4" aria-hidden />
                      </IconButton>
                    )}
                    <IconButton label={`Delete photo ${number}`} tone="danger" disabled={isBusy} onClick={() => setPendingDelete({ image, number })}>
                      <Trash2 className="size-4" aria-hidden />
                    </IconButton>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <PhoneUploadPanel productId={productId} onActiveChange={onPhoneLinkChange} isFull={room <= 0} />

      <ConfirmDialog
        isOpen={pendingDelete !== null}
        title="Delete this photo?"
        confirmLabel="Delete photo"
        confirmVariant="danger"
        isBusy={deletion.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      >
        Photo {pendingDelete?.number} will be removed from the listing. This cannot be undone.
      </ConfirmDialog>
    </section>
  );
}

function IconButton({
  label,
  tone = 'neutral',
  disabled,
  onClick,
  children,
}: {
  label: string;
  tone?: 'neutral' | 'danger';
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={`grid size-9 place-items-center rounded-md transition-colors disabled:cursor-not-allowed disabled:opacity-30 ${
        tone === 'danger' ? 'text-red-700 hover:bg-red-50' : 'text-slate-600 hover:bg-slate-100'
      }`}
    >
      {children}
    </button>
  );
}
