import {
  BadgeCheck,
  Banknote,
  Bell,
  CircleX,
  ClipboardList,
  LifeBuoy,
  MapPin,
  MessageSquareReply,
  PackageCheck,
  RotateCcw,
  Scale,
  ShoppingBag,
  Star,
  CalendarClock,
  EyeOff,
  Truck,
  type LucideIcon,
} from 'lucide-react';
import type { NotificationKind } from '@marketplace/contracts/notifications';

type Tone = 'brand' | 'good' | 'bad' | 'neutral';

const KINDS: Record<NotificationKind, { icon: LucideIcon; tone: Tone }> = {
  order_placed: { icon: ShoppingBag, tone: 'brand' },
  new_order: { icon: ClipboardList, tone: 'brand' },
  item_approved: { icon: BadgeCheck, tone: 'good' },
  item_rejected: { icon: CircleX, tone: 'bad' },
  item_cancelled: { icon: CircleX, tone: 'neutral' },
  item_shipped: { icon: Truck, tone: 'brand' },
  item_out_for_delivery: { icon: MapPin, tone: 'brand' },
  item_delivered: { icon: PackageCheck, tone: 'good' },
  refund_issued: { icon: RotateCcw, tone: 'neutral' },
  payout_sent: { icon: Banknote, tone: 'good' },
  dispute_opened: { icon: Scale, tone: 'bad' },
  dispute_answered: { icon: MessageSquareReply, tone: 'neutral' },
  dispute_resolved: { icon: Scale, tone: 'good' },
  support_request: { icon: LifeBuoy, tone: 'neutral' },
  review_request: { icon: Star, tone: 'brand' },
  new_review: { icon: Star, tone: 'good' },
  review_reply: { icon: MessageSquareReply, tone: 'neutral' },
  review_hidden: { icon: EyeOff, tone: 'bad' },
  payout_scheduled: { icon: CalendarClock, tone: 'neutral' },
};

const TONES: Record<Tone, string> = {
  brand: 'bg-brand-50 text-brand-700',
  good: 'bg-emerald-50 text-emerald-700',
  bad: 'bg-red-50 text-red-700',
  neutral: 'bg-slate-100 text-slate-600',
};

/** The round icon before a notification, by what it is about (a kind this build does not know gets the bell). */
export function NotificationIcon({ kind }: { kind: string }) {
  const { icon: Icon, tone } = KINDS[kind as NotificationKind] ?? { icon: Bell, tone: 'neutral' };
  return (
    <span className={`grid size-9 shrink-0 place-items-center rounded-full ${TONES[tone]}`} aria-hidden>
      <Icon className="size-[18px]" />
    </span>
  );
}
