import { useId, useState } from 'react';
import { z } from 'zod';
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
import { PhotoPicker, useRevokePreviews, type PickedPhoto } from '../../../components/photo-picker';
import { StarRatingInput } from '../../../components/star-rating';
import { TextAreaField } from '../../../components/text-area-field';
import { toast } from '../../../components/toast';
import { describeApiError } from '../../../lib/api-error';
import { useForm } from '../../../lib/use-form';
import { useAddReviewPhotosMutation, useCreateReviewMutation, useDeleteReviewPhotoMutation, useUpdateReviewMutation } from '../reviews-api';

// Writing or changing a review of a delivered item (docs/product/reviews.md): 1–5 stars, a title, a few
// words and up to 3 photos. The API's refusals are put in words here, on the field they are about.

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

const PHOTO_CODES = new Set<string>([
  REVIEW_ERROR_CODES.tooManyPhotos,
  'too_many_files',
  'invalid_image',
  'unsupported_image',
  'file_too_large',
  'payload_too_large',
]);

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
  const [newPhotos, setNewPhotos] = useState<PickedPhoto[]>([]);
  const [removedPhotoIds, setRemovedPhotoIds] = useState<string[]>([]);
  const keptPhotos = (review?.photos ?? []).filter((photo) => !removedPhotoIds.includes(photo.id));
  useRevokePreviews(newPhotos);

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
        <TextAreaField
          label="Your review"
          {...form.field('body')}
          rows={5}
          counterMax={REVIEW_BODY_MAX}
          placeholder="What did you like or dislike? How did it arrive?"
        />
        <PhotoPicker
          field="photos"
          max={REVIEW_MAX_PHOTOS}
          acceptedTypes={ACCEPTED_TYPES}
          hintDetail=" (JPEG, PNG, WebP or HEIC, 10 MB each)"
          messages={REVIEW_FORM_TEXT}
          saved={keptPhotos}
          onRemoveSaved={(id) => setRemovedPhotoIds((current) => [...current, id])}
          photos={newPhotos}
          onChange={(photos) => {
            setNewPhotos(photos);
            clearErrors('photos');
          }}
          onRefuse={(message) => setError('photos', message)}
          error={form.errors.photos}
        />
      </form>
    </Modal>
  );
}

/** For the item panel: the message of a failed delete. */
export function deleteRefusalText(error: unknown): string {
  const details = describeApiError(error);
  return refusalText(details.code) ?? details.message;
}
