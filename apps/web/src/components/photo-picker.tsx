import { useEffect, useId, useRef, type ChangeEvent } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { Button } from './button';

// The "Photos (optional)" part of a buyer's form (a review, a return request, a dispute): thumbnails of
// the photos chosen so far, each removable, and Add photos. A pick is checked here (images only, 10 MB
// each, the form's maximum) before it joins the list; the API checks the bytes again.

/** Same limit as every other upload. */
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** A photo picked on this device, not sent yet, with its preview (an object URL). */
export interface PickedPhoto {
  file: File;
  previewUrl: string;
}

/** Frees the previews' object URLs when the form holding the photos goes away. */
export function useRevokePreviews(photos: readonly PickedPhoto[]): void {
  const photosRef = useRef(photos);
  photosRef.current = photos;
  useEffect(() => () => photosRef.current.forEach((photo) => URL.revokeObjectURL(photo.previewUrl)), []);
}

export interface PhotoPickerProps {
  /** The photos picked so far. */
  photos: readonly PickedPhoto[];
  /** The list after a pick or a removal. */
  onChange: (photos: PickedPhoto[]) => void;
  /** A pick refused, with the reason (nothing is added). */
  onRefuse: (message: string) => void;
  /** The message under the picker. */
  error?: string;
  /** How many photos the form takes, counting `saved` ones. */
  max: number;
  /** The accepted types; any image without it. */
  acceptedTypes?: readonly string[];
  messages: { notImage: string; tooLarge: string; tooMany: string };
  /** Said after "Up to 3 images", before the full stop: " (JPEG or PNG)", ", e.g. the damage". */
  hintDetail?: string;
  /** Photos sent before (a review being changed): listed first, each removable with `onRemoveSaved`. */
  saved?: readonly { id: string; thumbnailUrl: string }[];
  onRemoveSaved?: (id: string) => void;
  /** The form's name for the photos, when its checks may focus them (`data-field`, see useForm). */
  field?: string;
  /** Larger thumbnails on a line of their own above the button, rather than beside it. */
  stacked?: boolean;
}

const REMOVE_BUTTON = 'absolute -top-2 -right-2 grid size-7 place-items-center rounded-full bg-slate-800 text-white shadow hover:bg-slate-900';

export function PhotoPicker({
  photos,
  onChange,
  onRefuse,
  error,
  max,
  acceptedTypes,
  messages,
  hintDetail,
  saved = [],
  onRemoveSaved,
  field,
  stacked = false,
}: PhotoPickerProps) {
  const helpId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const count = saved.length + photos.length;
  const thumbnail = `${stacked ? 'size-20' : 'size-16'} rounded-lg border border-slate-200 object-cover`;

  function onPickFiles(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (picked.length === 0) return;
    const problem = picked.some((file) => (acceptedTypes ? !acceptedTypes.includes(file.type) : !file.type.startsWith('image/')))
      ? messages.notImage
      : picked.some((file) => file.size > MAX_PHOTO_BYTES)
        ? messages.tooLarge
        : count + picked.length > max
          ? messages.tooMany
          : null;
    if (problem) onRefuse(problem);
    else onChange([...photos, ...picked.map((file) => ({ file, previewUrl: URL.createObjectURL(file) }))]);
  }

  function removePhoto(index: number) {
    const photo = photos[index];
    if (photo) URL.revokeObjectURL(photo.previewUrl);
    onChange(photos.filter((_, position) => position !== index));
  }

  const controls = (
    <>
      {count > 0 && (
        <ul className={`${stacked ? 'mt-2 ' : ''}flex flex-wrap gap-2`} aria-label="Chosen photos">
          {saved.map((photo, index) => (
            <li key={photo.id} className="relative">
              <img src={photo.thumbnailUrl} alt={`Photo ${index + 1}`} className={thumbnail} />
              <button type="button" onClick={() => onRemoveSaved?.(photo.id)} className={REMOVE_BUTTON}>
                <X className="size-4" aria-hidden />
                <span className="sr-only">Remove photo {index + 1}</span>
              </button>
            </li>
          ))}
          {photos.map((photo, index) => (
            <li key={photo.previewUrl} className="relative">
              <img src={photo.previewUrl} alt={photo.file.name} className={thumbnail} />
              <button type="button" onClick={() => removePhoto(index)} className={REMOVE_BUTTON}>
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
        accept={acceptedTypes ? acceptedTypes.join(',') : 'image/*'}
        multiple
        className="sr-only"
        aria-label="Add photos"
        aria-describedby={helpId}
        onChange={onPickFiles}
        tabIndex={-1}
      />
      <Button variant="secondary" size="sm" className={stacked ? 'mt-2' : undefined} disabled={count >= max} onClick={() => fileInput.current?.click()}>
        <ImagePlus className="size-4" aria-hidden />
        Add photos
      </Button>
    </>
  );

  return (
    <fieldset data-field={field} tabIndex={field ? -1 : undefined}>
      <legend className="text-sm font-medium text-slate-800">Photos (optional)</legend>
      <p id={helpId} className="mt-0.5 text-sm text-slate-500">
        Up to {max} images{hintDetail}. {count} of {max} added.
      </p>
      {stacked ? controls : <div className="mt-2 flex flex-wrap items-center gap-2">{controls}</div>}
      {error && (
        <p className="mt-1.5 text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
