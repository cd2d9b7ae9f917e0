import { Link } from 'react-router';
import { Check, CheckCheck, Package, ShoppingBag } from 'lucide-react';
import type { ChatMessage } from '@marketplace/contracts/chat';
import { formatMessageTime } from './chat-format';

export type ChatRole = 'buyer' | 'seller';

interface MessageBubbleProps {
  message: ChatMessage;
  isOwn: boolean;
  /** Own messages only: whether the other person has read it. */
  isRead: boolean;
  role: ChatRole;
}

function Reference({ reference, role }: { reference: NonNullable<ChatMessage['reference']>; role: ChatRole }) {
  if (reference.productId) {
    return (
      <Link
        to={`/products/${encodeURIComponent(reference.productId)}`}
        className="inline-flex max-w-full items-center gap-1 truncate hover:text-brand-800 hover:underline"
      >
        <ShoppingBag className="size-3.5 shrink-0" aria-hidden />
        <span className="truncate">About {reference.productTitle ?? 'a product'}</span>
      </Link>
    );
  }
  if (reference.orderId) {
    const label = `About order ${reference.orderId.slice(0, 8)}`;
    const to = role === 'seller' ? `/seller/orders/items/${encodeURIComponent(reference.orderId)}` : '/myorders';
    return (
      <Link to={to} className="inline-flex items-center gap-1 hover:text-brand-800 hover:underline">
        <Package className="size-3.5 shrink-0" aria-hidden />
        {label}
      </Link>
    );
  }
  return null;
}

/** One message: the product or order it is about, its photos, its text (always as text), time and ticks. */
export function MessageBubble({ message, isOwn, isRead, role }: MessageBubbleProps) {
  const text = message.content;
  return (
    <li className={`flex flex-col ${isOwn ? 'items-end' : 'items-start'}`} data-message-id={message.id}>
      {message.reference && (
        <div className="mb-1 max-w-[85%] rounded-md bg-slate-100 px-2 py-1 text-xs text-slate-600 sm:max-w-[70%]">
          <Reference reference={message.reference} role={role} />
        </div>
      )}
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm shadow-sm sm:max-w-[70%] ${
          isOwn ? 'rounded-br-md bg-brand-700 text-white' : 'rounded-bl-md border border-slate-200 bg-white text-slate-900'
        }`}
      >
        {message.attachments.length > 0 && (
          <ul aria-label="Photos" className={`flex flex-wrap gap-1.5 ${text ? 'mb-1.5' : ''}`}>
            {message.attachments.map((attachment) => (
              <li key={attachment.id}>
                <a href={attachment.url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg" title="Open the full photo">
                  <img src={attachment.thumbnailUrl} alt={attachment.name} className="size-28 object-cover sm:size-32" loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        )}
        {/* React escapes text: HTML a user typed is shown as typed, never interpreted. */}
        {text && <p className="break-words whitespace-pre-wrap">{text}</p>}
      </div>
      <p className="mt-0.5 flex items-center gap-1 px-1 text-xs text-slate-500">
        <time dateTime={message.created_at}>{formatMessageTime(message.created_at)}</time>
        {isOwn &&
          (isRead ? (
            <span className="inline-flex items-center gap-0.5 text-brand-700">
              <CheckCheck className="size-3.5" aria-hidden />
              Read
            </span>
          ) : (
            <span className="inline-flex items-center gap-0.5">
              <Check className="size-3.5" aria-hidden />
              Sent
            </span>
          ))}
      </p>
    </li>
  );
}
