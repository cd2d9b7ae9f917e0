import { useId, useRef, type ChangeEvent, type KeyboardEvent } from 'react';
import { ImagePlus, SendHorizontal, X } from 'lucide-react';
import { CHAT_MAX_ATTACHMENTS, CHAT_MESSAGE_MAX_LENGTH, type ChatAttachment } from '@marketplace/contracts/chat';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { apiErrorMessage } from '../../../lib/api-error';
import { useForm } from '../../../lib/use-form';
import { useUploadChatAttachmentsMutation } from '../api';
import { formatNumber } from '@marketplace/domain/number-format';

/** Same size limit as product photos (contracts: 10 MB each). */
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** The counter appears this close to the limit, so it does not distract from ordinary messages. */
const COUNTER_FROM = CHAT_MESSAGE_MAX_LENGTH - 500;
const TOO_LONG = `A message can be at most ${formatNumber(CHAT_MESSAGE_MAX_LENGTH)} characters`;

interface MessageComposerProps {
  chatId: string;
  /** Sends; resolves to the server's refusal (the text is then kept) or null once sent. */
  onSend(content: string, attachmentIds: string[]): Promise<string | null>;
  /** Called on every keystroke; the caller throttles what goes over the socket. */
  onTyping(): void;
  /** Why sending is not possible right now (not connected), or null. */
  unavailableReason: string | null;
}

export function MessageComposer({ chatId, onSend, onTyping, unavailableReason }: MessageComposerProps) {
  // One message above the box says what is wrong: the text, a photo, or the server's refusal.
  const form = useForm({ initialValues: { text: '', attachments: [] as ChatAttachment[] } });
  const { text, attachments } = form.values;
  const { formError, setFormError, isSubmitting: isSending } = form;
  const [uploadAttachments, { isLoading: isUploading }] = useUploadChatAttachmentsMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const textareaId = useId();
  const counterId = useId();
  const errorId = useId();

  const trimmed = text.trim();
  const isTooLong = trimmed.length > CHAT_MESSAGE_MAX_LENGTH;
  const hasSomethingToSend = trimmed.length > 0 || attachments.length > 0;
  const canSend = hasSomethingToSend && !isTooLong && !isSending && !isUploading && unavailableReason === null;

  const sendMessage = form.handleSubmit(async () => {
    const refusal = await onSend(
      trimmed,
      attachments.map((attachment) => attachment.id),
    );
    // A refused message is kept, so it can be sent again.
    if (refusal) setFormError(refusal);
    else form.reset();
  });

  function send() {
    // Whitespace-only text is refused here as well as on the server (contracts: chatContentSchema).
    if (!hasSomethingToSend || isSending || isUploading) return;
    if (isTooLong) return setFormError(TOO_LONG);
    if (unavailableReason) return setFormError(unavailableReason);
    void sendMessage();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter is a new line; an IME composing a word keeps its Enter.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  async function onPickFiles(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (picked.length === 0) return;
    const notImage = picked.find((file) => !file.type.startsWith('image/'));
    if (notImage) return setFormError(`${notImage.name} is not an image. Only photos can be attached.`);
    const tooBig = picked.find((file) => file.size > MAX_PHOTO_BYTES);
    if (tooBig) return setFormError(`${tooBig.name} is larger than 10 MB.`);
    if (attachments.length + picked.length > CHAT_MAX_ATTACHMENTS) return setFormError(`At most ${CHAT_MAX_ATTACHMENTS} photos per message`);
    setFormError(null);
    try {
      const uploaded = await uploadAttachments({ chatId, files: picked }).unwrap();
      // From the values as they are now: a photo may have been removed during the upload.
      form.setValues((current) => ({ ...current, attachments: [...current.attachments, ...uploaded] }));
    } catch (uploadError) {
      setFormError(apiErrorMessage(uploadError, 'The photos could not be uploaded. Please try again.'));
    }
  }

  const describedBy = [formError ? errorId : null, trimmed.length >= COUNTER_FROM ? counterId : null].filter(Boolean).join(' ') || undefined;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      className="border-t border-slate-200 bg-white p-3"
    >
      {attachments.length > 0 && (
        <ul aria-label="Photos to send" className="mb-2 flex flex-wrap gap-2">
          {attachments.map((attachment) => (
            <li key={attachment.id} className="relative">
              <img src={attachment.thumbnailUrl} alt={attachment.name} className="size-16 rounded-lg border border-slate-200 object-cover" />
              <button
                type="button"
                onClick={() =>
                  form.setValue(
                    'attachments',
                    attachments.filter((entry) => entry.id !== attachment.id),
                  )
                }
                className="absolute -top-2 -right-2 grid size-6 place-items-center rounded-full bg-slate-800 text-white shadow hover:bg-slate-900"
                aria-label={`Remove ${attachment.name}`}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {formError && (
        <p id={errorId} role="alert" className="mb-2 text-sm text-red-700">
          {formError}
        </p>
      )}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => void onPickFiles(event)}
          data-testid="chat-photo-input"
        />
        <Button
          variant="ghost"
          size="icon"
          className="shrink-0"
          aria-label="Add photos"
          title="Add photos"
          disabled={isUploading || attachments.length >= CHAT_MAX_ATTACHMENTS}
          onClick={() => fileInput.current?.click()}
        >
          {isUploading ? <Spinner className="size-6 sm:size-5" /> : <ImagePlus className="size-6 sm:size-5" aria-hidden />}
        </Button>
        <label htmlFor={textareaId} className="sr-only">
          Message
        </label>
        <textarea
          id={textareaId}
          rows={1}
          value={text}
          placeholder="Write a message…"
          aria-invalid={isTooLong || undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            form.setValue('text', event.target.value);
            if (formError) setFormError(null);
            if (event.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
          className="field-sizing-content max-h-40 min-h-12 flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-200 sm:min-h-10 sm:py-2 sm:text-sm"
        />
        <Button type="submit" size="iconOnPhone" className="shrink-0" disabled={!canSend} isBusy={isSending} aria-label="Send">
          <SendHorizontal className="size-6 sm:size-4" aria-hidden />
          <span className="hidden sm:inline">Send</span>
        </Button>
      </div>
      <div className="mt-1 flex justify-between gap-2 text-xs text-slate-500">
        <span className="hidden sm:inline">Enter to send, Shift+Enter for a new line</span>
        {unavailableReason && <span>{unavailableReason}</span>}
        {trimmed.length >= COUNTER_FROM && (
          <span id={counterId} className={`ml-auto tabular-nums ${isTooLong ? 'font-medium text-red-700' : ''}`}>
            {formatNumber(trimmed.length)} / {formatNumber(CHAT_MESSAGE_MAX_LENGTH)}
          </span>
        )}
      </div>
    </form>
  );
}
