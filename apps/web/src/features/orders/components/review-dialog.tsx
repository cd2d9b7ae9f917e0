import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { z } from 'zod';
import { ImagePlus, X } from 'lucide-react';
import {
  REVIEW_BODY_MAX,
  REVIEW_ERROR_CODES,
  REVIEW_MAX_PHOTOS,
  REVIEW_TITLE_MAX,
  reviewBodyTextSchema,
  reviewTitleSchema,
  type MyReview,
  type UpdateReviewBody,
} from '@marketplace/contracts/reviews';
import { MAX_RATING, MIN_RATING } from '@marketplace/domain/ratings';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { Modal } from '../../../components/modal';
import { StarRatingInput } from '../../../components/star-rating';
import { TextAreaField } from '../../../components/text-area-field';
import { toast } from '../../../components/toast';
import { describeApiError } from '../../../lib/api-error';
import { useForm } from '../../../lib/use-form';
import { useAddReviewPhotosMutation, useCreateReviewMutation, useDeleteReviewPhotoMutation, useUpdateReviewMutation } from '../reviews-api';

// Writing or changing a review of a delivered item (docs/product/reviews.md): 1–5 stars, a title, a few
// words and up to 3 photos. The API's refusals are put in words here, on the field they are about.

/** Same limit as every other upload (the API checks the bytes again). */
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];

export const REVIEW_FORM_TEXT = {
  chooseStars: 'Choose from 1 to 5 stars',
  notImage: 'Photos must be JPEG, PNG, WebP or HEIC images',
  tooLarge: 'Each photo can be at most 10 MB',
  tooMany: `You can add up to ${REVIEW_MAX_PHOTOS} photos`,
  exists: 'You have already reviewed this item. Change your review instead.',
  notDelivered: 'You can review this item once it has been delivered.',
  notYourItem: 'This item is not in one of your orders.',
  windowOver: 'The 30 days in which you could change this review are over.',
} as const;

const reviewFormSchema = z.object({
  rating: z.number({ error: REVIEW_FORM_TEXT.chooseStars }).int().min(MIN_RATING, REVIEW_FORM_TEXT.chooseStars).max(MAX_RATING, REVIEW_FORM_TEXT.chooseStars),
  title: reviewTitleSchema,
  body: reviewBodyTextSchema,
});

interface NewPhoto {
  file: File;
  previewUrl: string;
}

/** The sentence for a refusal the form knows, or null to show the server's own. */
function refusalText(code: string | null): string | null {
  switch (code) {
    case REVIEW_ERROR_CODES.reviewExists:
      return REVIEW_FORM_TEXT.exists;
    case REVIEW_ERROR_CODES.notDelivered:
      return REVIEW_FORM_TEXT.notDelivered;
    case REVIEW_ERROR_CODES.notYourItem:
      return REVIEW_FORM_TEXT.notYourItem;
    case REVIEW_ERROR_CODES.editWindowOver:
      return REVIEW_FORM_TEXT.windowOver;
    default:
      return null;
  }
}

const PHOTO_CODES = new Set<string>([REVIEW_ERROR_CODES.tooManyPhotos, 'too_many_files', 'invalid_image', 'unsupported_image', 'file_too_large', 'payload_too_large']);

export interface ReviewDialogProps {
  orderId: string;
  orderItemId: string;
  itemTitle: string;
  /** The review being changed; absent to write a new one. */
  review?: MyReview;
  onClose: () => void;
}

export function ReviewDialog({ orderId, orderItemId, itemTitle, review, onClose }: ReviewDialogProps) {
  const formId = useId();
  const photosHelpId = useId();
  const [createReview] = useCreateReviewMutation();
  const [updateReview] = useUpdateReviewMutation();
  const [addPhotos] = useAddReviewPhotosMutation();
  const [deletePhoto] = useDeleteReviewPhotoMutation();
  const form = useForm({
    initialValues: { rating: (review?.rating ?? null) as number | null, title: review?.title ?? '', body: review?.body ?? '', photos: '' },
    schema: reviewFormSchema,
    toInput: ({ rating, title, body }) => ({ rating, title, body }),
  });
  const { setValue, setError, clearErrors } = form;
  const [newPhotos, setNewPhotos] = useState<NewPhoto[]>([]);
  const [removedPhotoIds, setRemovedPhotoIds] = useState<string[]>([]);
  const keptPhotos = (review?.photos ?? []).filter((photo) => !removedPhotoIds.includes(photo.id));
  const photoCount = keptPhotos.length + newPhotos.length;
  const fileInput = useRef<HTMLInputElement>(null);
  const newPhotosRef = useRef(newPhotos);
  newPhotosRef.current = newPhotos;

  // Previews are object URLs; free them when the dialog goes away.
  useEffect(() => () => newPhotosRef.current.forEach((photo) => URL.revokeObjectURL(photo.previewUrl)), []);

  function onPickFiles(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (picked.length === 0) return;
    const problem = picked.some((file) => !ACCEPTED_TYPES.includes(file.type))
      ? REVIEW_FORM_TEXT.notImage
      : picked.some((file) => file.size > MAX_PHOTO_BYTES)
        ? REVIEW_FORM_TEXT.tooLarge
        : photoCount + picked.length > REVIEW_MAX_PHOTOS
          ? REVIEW_FORM_TEXT.tooMany
          : null;
    if (problem) {
      setError('photos', problem);
      return;
    }
    clearErrors('photos');
    setNewPhotos((current) => [...current, ...picked.map((file) => ({ file, previewUrl: URL.createObjectURL(file) }))]);
  }

  function removeNewPhoto(index: number) {
    const photo = newPhotos[index];
    if (photo) URL.revokeObjectURL(photo.previewUrl);
    setNewPhotos((current) => current.filter((_, position) => position !== index));
    clearErrors('photos');
  }

  /** Puts a refusal where it belongs: the photos' under the photos, the known ones in words, the rest as the server says. */
  function showRefusal(error: unknown) {
    const details = form.showServerError(error);
    const known = refusalText(details.code);
    if (known) form.setFormError(known);
    else if (details.code && PHOTO_CODES.has(details.code)) {
      form.setFormError(null);
      setError('photos', details.code === 'too_many_files' || details.code === REVIEW_ERROR_CODES.tooManyPhotos ? REVIEW_FORM_TEXT.tooMany : details.message);
    }
  }

  const onSubmit = form.handleSubmit(async ({ rating, title, body }) => {
    const files = newPhotos.map((photo) => photo.file);
    try {
      if (!review) {
        await createReview({ orderId, orderItemId, rating, title, body, files }).unwrap();
        toast.success('Thanks! Your review is published.');
      } else {
        const changes: UpdateReviewBody = {};
        if (rating !== review.rating) changes.rating = rating;
        if (title !== review.title) changes.title = title;
        if (body !== review.body) changes.body = body;
        if (Object.keys(changes).length > 0) await updateReview({ id: review.id, orderId, changes }).unwrap();
        for (const photoId of removedPhotoIds) await deletePhoto({ id: review.id, orderId, photoId }).unwrap();
        if (files.length > 0) await addPhotos({ id: review.id, orderId, files }).unwrap();
        toast.success('Your review is updated.');
      }
      onClose();
    } catch (error) {
      showRefusal(error);
    }
  });

  const isBusy = form.isSubmitting;
  return (
    <Modal
      title={review ? 'Change your review' : 'Write a review'}
      description={itemTitle}
      onClose={isBusy ? () => {} : onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isBusy={isBusy} busyLabel={review ? 'Saving…' : 'Publishing…'}>
            {review ? 'Save changes' : 'Publish review'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label={review ? 'Change your review' : 'Write a review'}
        className="-mx-1 grid max-h-[calc(100dvh-15rem)] gap-4 overflow-y-auto px-1 pb-1"
      >
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <div data-field="rating" tabIndex={-1}>
          <StarRatingInput value={form.values.rating} onChange={(stars) => setValue('rating', stars)} error={form.errors.rating} />
        </div>
        <TextField label="Title" {...form.field('title')} maxLength={REVIEW_TITLE_MAX + 20} placeholder="Sum it up in a few words" />
        <TextAreaField label="Your review" {...form.field('body')} rows={5} counterMax={REVIEW_BODY_MAX} placeholder="What did you like or dislike? How did it arrive?" />
        <fieldset data-field="photos" tabIndex={-1}>
          <legend className="text-sm font-medium text-slate-800">Photos (optional)</legend>
          <p id={photosHelpId} className="mt-0.5 text-sm text-slate-500">
            Up to {REVIEW_MAX_PHOTOS} images (JPEG, PNG, WebP or HEIC, 10 MB each). {photoCount} of {REVIEW_MAX_PHOTOS} added.
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            {photoCount > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label="Chosen photos">
                {keptPhotos.map((photo, index) => (
                  <li key={photo.id} className="relative">
                    <img src={photo.thumbnailUrl} alt={`Photo ${index + 1}`} className="size-16 rounded-lg border border-slate-200 object-cover" />
                    <button
                      type="button"
                      onClick={() => setRemovedPhotoIds((current) => [...current, photo.id])}
                      className="absolute -top-2 -right-2 grid size-7 place-items-center rounded-full bg-slate-800 text-white shadow hover:bg-slate-900"
                    >
                      <X className="size-4" aria-hidden />
                      <span className="sr-only">Remove photo {index + 1}</span>
                    </button>
                  </li>
                ))}
                {newPhotos.map((photo, index) => (
                  <li key={photo.previewUrl} className="relative">
                    <img src={photo.previewUrl} alt={photo.file.name} className="size-16 rounded-lg border border-slate-200 object-cover" />
                    <button
                      type="button"
                      onClick={() => removeNewPhoto(index)}
                      className="absolute -top-2 -right-2 grid size-7 place-items-center rounded-full bg-slate-800 text-white shadow hover:bg-slate-900"
                    >
                      <X className="size-4" aria-hidden />
                      <span className="sr-only">Remove {photo.file.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPTED_TYPES.join(',')}
              multiple
              className="sr-only"
              aria-label="Add photos"
              aria-describedby={photosHelpId}
              onChange={onPickFiles}
              tabIndex={-1}
            />
            <Button variant="secondary" size="sm" disabled={photoCount >= REVIEW_MAX_PHOTOS} onClick={() => fileInput.current?.click()}>
              <ImagePlus className="size-4" aria-hidden />
              Add photos
            </Button>
          </div>
          {form.errors.photos && (
            <p className="mt-1.5 text-sm font-medium text-red-700" role="alert">
              {form.errors.photos}
            </p>
          )}
        </fieldset>
      </form>
    </Modal>
  );
}

/** For the item panel: the message of a failed delete. */
export function deleteRefusalText(error: unknown): string {
  const details = describeApiError(error);
  return refusalText(details.code) ?? details.message;
}
