import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useParams } from 'react-router';
import { Camera, CircleCheck, ImageUp, Images, Lightbulb, LinkIcon, ListOrdered } from 'lucide-react';
import { INVALID_UPLOAD_LINK_MESSAGE, uploadSuccessMessage, type UploadedImage } from '@marketplace/contracts/catalog';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ProductImage } from '../../../components/product-image';
import { Spinner } from '../../../components/spinner';
import { describeApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { useUploadFromPhoneMutation, useValidateUploadTokenQuery } from '../api';

/** docs/product/uploads.md: the success message clears after 3 seconds. */
export const SUCCESS_MESSAGE_MS = 3000;

// docs/product/validation.md, errors.md texts, word for word.
const CHECK_FAILED_MESSAGE = 'Error validating upload link.';
const UPLOADING_MESSAGE = 'Uploading images...';
const UPLOAD_FAILED_FALLBACK = 'Upload failed. Please try again.';

type LinkState = { kind: 'validating' } | { kind: 'invalid'; message: string } | { kind: 'ready' };

/** validating → invalid or ready (docs/product/uploads.md, validation.md). */
function useLinkState(token: string): LinkState {
  const { data, error, isLoading, isFetching } = useValidateUploadTokenQuery(token);
  if (isLoading || (isFetching && !data && !error)) return { kind: 'validating' };
  if (error) {
    const { status } = describeApiError(error);
    // A refusal (4xx: a token no link could have) is the server judging the link; no answer or a
    // 5xx means the check itself failed.
    const isRefusal = status !== null && status >= 400 && status < 500;
    return { kind: 'invalid', message: isRefusal ? INVALID_UPLOAD_LINK_MESSAGE : CHECK_FAILED_MESSAGE };
  }
  if (!data?.valid) return { kind: 'invalid', message: data?.message || INVALID_UPLOAD_LINK_MESSAGE };
  return { kind: 'ready' };
}

const HOW_IT_WORKS = [
  'Tap Take Photo to use your camera, or Choose from Gallery to pick photos you already took.',
  'Your photos upload straight to the listing — you can add several at once.',
  'They appear in the listing editor on your computer within a few seconds. No need to reload.',
  'Arrange the photos and pick the cover on your computer.',
];

const PHOTO_TIPS = [
  'Use daylight or a bright room, and avoid the flash.',
  'Put the item on a plain, uncluttered background.',
  'Show the front, the back and any labels or flaws up close.',
  'Hold the phone steady and fill the frame with the item.',
  'JPEG, PNG, WebP and iPhone HEIC photos up to 10 MB each, 10 at a time.',
];

function InvalidLink({ message }: { message: string }) {
  return (
    <div className="rounded-2xl border border-red-200 bg-white p-6 text-center shadow-sm">
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-red-50 text-red-700">
        <LinkIcon className="size-6" aria-hidden />
      </span>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">Invalid Upload Link</h1>
      <p className="mt-2 text-slate-700" role="alert">
        {message}
      </p>
      <p className="mt-3 text-sm text-slate-600">Please generate a new QR code from the listing editor on your desktop and scan it again.</p>
    </div>
  );
}

function UploadReady({ token }: { token: string }) {
  const [upload, { isLoading: isUploading }] = useUploadFromPhoneMutation();
  const [uploaded, setUploaded] = useState<UploadedImage[]>([]);
  const [successMessage, setSuccessMessage] = useState<string | null>(null);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const cameraInputRef = useRef<HTMLInputElement>(null);
  const galleryInputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!successMessage) return;
    const timer = setTimeout(() => setSuccessMessage(null), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [successMessage]);

  async function handleFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // Clear the input so the same photo can be chosen again after a failure.
    event.target.value = '';
    if (files.length === 0) return;
    setSuccessMessage(null);
    setErrorMessage(null);
    try {
      const answer = await upload({ token, files }).unwrap();
      if (!answer.success) {
        setErrorMessage(answer.message ? `Upload failed: ${answer.message}` : UPLOAD_FAILED_FALLBACK);
        return;
      }
      setUploaded((current) => [...current, ...answer.images]);
      setSuccessMessage(uploadSuccessMessage(answer.images.length));
    } catch (error) {
      const { serverMessage } = describeApiError(error);
      setErrorMessage(serverMessage ? `Upload failed: ${serverMessage}` : UPLOAD_FAILED_FALLBACK);
    }
  }

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Add photos to your listing</h1>
        <p className="mt-1 text-slate-600">Take photos now or pick them from your gallery. They go straight to the listing on your computer.</p>
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <input
          ref={cameraInputRef}
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          className="hidden"
          aria-label="Photos from camera"
          tabIndex={-1}
          onChange={(event) => void handleFiles(event)}
        />
        <input
          ref={galleryInputRef}
          type="file"
          accept="image/*"
          multiple
          className="hidden"
          aria-label="Photos from gallery"
          tabIndex={-1}
          onChange={(event) => void handleFiles(event)}
        />
        <Button size="lg" className="h-14 w-full text-base" disabled={isUploading} onClick={() => cameraInputRef.current?.click()}>
          <Camera className="size-5" aria-hidden />
          Take Photo
        </Button>
        <Button size="lg" variant="secondary" className="h-14 w-full text-base" disabled={isUploading} onClick={() => galleryInputRef.current?.click()}>
          <Images className="size-5" aria-hidden />
          Choose from Gallery
        </Button>
      </div>

      <div aria-live="polite" className="empty:hidden">
        {isUploading && (
          <p role="status" className="flex items-center justify-center gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm font-medium text-sky-900">
            <Spinner className="size-4" />
            {UPLOADING_MESSAGE}
          </p>
        )}
        {successMessage && (
          <p
            role="status"
            className="flex items-center justify-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm font-medium text-emerald-900"
          >
            <CircleCheck className="size-4" aria-hidden />
            {successMessage}
          </p>
        )}
      </div>
      {errorMessage && <Alert tone="error">{errorMessage}</Alert>}

      <section aria-labelledby="uploaded-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="uploaded-title" className="flex items-center gap-2 font-semibold text-slate-900">
          <ImageUp className="size-4 text-brand-700" aria-hidden />
          Uploaded images ({uploaded.length})
        </h2>
        {uploaded.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nothing uploaded from this phone yet.</p>
        ) : (
          <ul className="mt-3 grid grid-cols-3 gap-2" aria-label="Uploaded images">
            {uploaded.map((image) => (
              <li key={image.id}>
                <ProductImage src={image.url} alt={image.name} className="aspect-square w-full rounded-lg" />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="how-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="how-title" className="flex items-center gap-2 font-semibold text-slate-900">
          <ListOrdered className="size-4 text-brand-700" aria-hidden />
          How it works
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
          {HOW_IT_WORKS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="tips-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="tips-title" className="flex items-center gap-2 font-semibold text-slate-900">
          <Lightbulb className="size-4 text-amber-600" aria-hidden />
          Photo tips
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {PHOTO_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The public phone page reached from the editor's QR code (docs/product/uploads.md, validation.md, api.md, errors.md). */
export function MobileUploadPage() {
  useDocumentTitle('Upload photos');
  const { token = '' } = useParams();
  const state = useLinkState(token);

  if (state.kind === 'validating') {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-16 text-slate-600">
        <Spinner className="size-8 text-brand-700" />
        <p className="font-medium">Checking your upload link…</p>
      </div>
    );
  }
  if (state.kind === 'invalid') return <InvalidLink message={state.message} />;
  return <UploadReady token={token} />;
}
