import { useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { ImagePlus, SendHorizontal, X } from 'lucide-react';
import { CHAT_MAX_ATTACHMENTS, CHAT_MESSAGE_MAX_LENGTH, type ChatAttachment } from '@marketplace/contracts/chat';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { chatErrorMessage, useUploadChatAttachmentsMutation } from '../api';

/** Same size limit as product photos (contracts: 10 MB each). */
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** The counter appears this close to the limit, so it does not distract from ordinary messages. */
const COUNTER_FROM = CHAT_MESSAGE_MAX_LENGTH - 500;
const TOO_LONG = `A message can be at most ${CHAT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`;

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
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<ChatAttachment[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [uploadAttachments, { isLoading: isUploading }] = useUploadChatAttachmentsMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const textareaId = useId();
  const counterId = useId();
  const errorId = useId();

  const trimmed = text.trim();
  const isTooLong = trimmed.length > CHAT_MESSAGE_MAX_LENGTH;
  const hasSomethingToSend = trimmed.length > 0 || attachments.length > 0;
  const canSend = hasSomethingToSend && !isTooLong && !isSending && !isUploading && unavailableReason === null;

  async function send() {
    // Whitespace-only text is refused here as well as on the server (contracts: chatContentSchema).
    if (!hasSomethingToSend || isSending || isUploading) return;
    if (isTooLong) {
      setError(TOO_LONG);
      return;
    }
    if (unavailableReason) {
      setError(unavailableReason);
      return;
    }
    setIsSending(true);
    setError(null);
    const refusal = await onSend(trimmed, attachments.map((attachment) => attachment.id));
    setIsSending(false);
    if (refusal) {
      setError(refusal);
      return;
    }
    setText('');
    setAttachments([]);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter is a new line; an IME composing a word keeps its Enter.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  async function onPickFiles(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (picked.length === 0) return;
    const notImage = picked.find((file) => !file.type.startsWith('image/'));
    if (notImage) return setError(`${notImage.name} is not an image. Only photos can be attached.`);
    const tooBig = picked.find((file) => file.size > MAX_PHOTO_BYTES);
    if (tooBig) return setError(`${tooBig.name} is larger than 10 MB.`);
    if (attachments.length + picked.length > CHAT_MAX_ATTACHMENTS) return setError(`At most ${CHAT_MAX_ATTACHMENTS} photos per message`);
    setError(null);
    try {
      const uploaded = await uploadAttachments({ chatId, files: picked }).unwrap();
      setAttachments((current) => [...current, ...uploaded]);
    } catch (uploadError) {
      setError(chatErrorMessage(uploadError, 'The photos could not be uploaded. Please try again.'));
    }
  }

  const describedBy = [error ? errorId : null, trimmed.length >= COUNTER_FROM ? counterId : null].filter(Boolean).join(' ') || undefined;

  return (
    <form onSubmit={onSubmit} className="border-t border-slate-200 bg-white p-3">
      {attachments.length > 0 && (
        <ul aria-label="Photos to send" className="mb-2 flex flex-wrap gap-2">
          {attachments.map((attachment) => (
            <li key={attachment.id} className="relative">
              <img src={attachment.thumbnailUrl} alt={attachment.name} className="size-16 rounded-lg border border-slate-200 object-cover" />
              <button
                type="button"
                onClick={() => setAttachments((current) => current.filter((entry) => entry.id !== attachment.id))}
                className="absolute -top-2 -right-2 grid size-6 place-items-center rounded-full bg-slate-800 text-white shadow hover:bg-slate-900"
                aria-label={`Remove ${attachment.name}`}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} role="alert" className="mb-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex items-end gap-2">
        <input ref={fileInput} type="file" accept="image/*" multiple className="sr-only" tabIndex={-1} aria-hidden onChange={(event) => void onPickFiles(event)} data-testid="chat-photo-input" />
        <Button
          variant="ghost"
          size="md"
          className="w-10 shrink-0 px-0"
          aria-label="Add photos"
          title="Add photos"
          disabled={isUploading || attachments.length >= CHAT_MAX_ATTACHMENTS}
          onClick={() => fileInput.current?.click()}
        >
          {isUploading ? <Spinner className="size-5" /> : <ImagePlus className="size-5" aria-hidden />}
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
            setText(event.target.value);
            if (error) setError(null);
            if (event.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
          className="field-sizing-content max-h-40 min-h-10 flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-200 sm:text-sm"
        />
        <Button type="submit" className="w-10 shrink-0 px-0 sm:w-auto sm:px-4" disabled={!canSend} isBusy={isSending} aria-label="Send">
          <SendHorizontal className="size-4" aria-hidden />
          <span className="hidden sm:inline">Send</span>
        </Button>
      </div>
      <div className="mt-1 flex justify-between gap-2 text-xs text-slate-500">
        <span className="hidden sm:inline">Enter to send, Shift+Enter for a new line</span>
        {unavailableReason && <span>{unavailableReason}</span>}
        {trimmed.length >= COUNTER_FROM && (
          <span id={counterId} className={`ml-auto tabular-nums ${isTooLong ? 'font-medium text-red-700' : ''}`}>
            {trimmed.length.toLocaleString('en-US')} / {CHAT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')}
          </span>
        )}
      </div>
    </form>
  );
}
