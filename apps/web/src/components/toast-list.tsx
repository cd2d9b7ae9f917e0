import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { dismiss, useToastRecords, type ToasterProps, type ToastRecord, type ToastType } from './toast';

function subscribeVisibility(listener: () => void) {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}
const isPageHidden = () => document.visibilityState === 'hidden';
const isPageHiddenOnServer = () => false;

const TYPE_CLASSES: Record<ToastType, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  error: 'border-red-200 bg-red-50 text-red-800',
};

interface ToastViewProps {
  record: ToastRecord;
  duration: number;
  paused: boolean;
  closeButton: boolean;
  richColors: boolean;
}

function ToastView({ record, duration, paused, closeButton, richColors }: ToastViewProps) {
  const lifetime = record.duration ?? duration;
  const remaining = useRef(lifetime);

  // A new or replaced toast gets its full time (this runs after the timer below was cleared).
  useEffect(() => {
    remaining.current = lifetime;
  }, [record, lifetime]);

  // Counts down while nobody hovers or focuses the toasts and the tab is visible; pausing keeps what is left.
  useEffect(() => {
    const time = remaining.current;
    if (paused || !Number.isFinite(time)) return;
    const started = Date.now();
    const timer = setTimeout(() => dismiss(record.id), time);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, time - (Date.now() - started));
    };
  }, [paused, record]);

  const Icon = record.type === 'success' ? CircleCheck : record.type === 'error' ? CircleAlert : null;
  const action = record.action;
  return (
    <li
      tabIndex={0}
      data-type={record.type}
      className={`relative flex items-start gap-2 rounded-lg border p-4 text-[13px] shadow-lg transition-[opacity,translate] duration-200 outline-none focus-visible:ring-2 focus-visible:ring-slate-400 starting:-translate-y-2 starting:opacity-0 ${TYPE_CLASSES[richColors ? record.type : 'default']}`}
    >
      {Icon && <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />}
      <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
        <div className="leading-normal font-medium">{record.message}</div>
        {record.description && <div className="mt-0.5 leading-snug opacity-90">{record.description}</div>}
      </div>
      {action && (
        <button
          type="button"
          className="shrink-0 rounded bg-slate-900 px-2 py-1 text-xs font-medium text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
          onClick={(event) => {
            action.onClick(event);
            if (!event.defaultPrevented) dismiss(record.id);
          }}
        >
          {action.label}
        </button>
      )}
      {closeButton && record.dismissible !== false && (
        <button
          type="button"
          aria-label="Close toast"
          className="absolute -top-2 -left-2 grid size-5 place-items-center rounded-full border border-current/20 bg-white text-slate-700 shadow-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-slate-900"
          onClick={() => dismiss(record.id)}
        >
          <X className="size-3" aria-hidden />
        </button>
      )}
    </li>
  );
}

/** The toasts, newest nearest the edge they come from; hovering or focusing them pauses their time. */
export function ToastList({ position = 'top-right', richColors = false, closeButton = false, duration = 4000 }: ToasterProps) {
  const items = useToastRecords();
  const isHidden = useSyncExternalStore(subscribeVisibility, isPageHidden, isPageHiddenOnServer);
  const [isHovered, setIsHovered] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey && event.code === 'KeyT') listRef.current?.querySelector<HTMLElement>('li')?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const paused = isHidden || isHovered || hasFocus;
  const atBottom = position === 'bottom-right';
  // Newest nearest the edge the toasts come from.
  const ordered = atBottom ? items : [...items].reverse();
  return (
    <ol
      ref={listRef}
      className={`fixed inset-x-4 z-[100] flex flex-col gap-2 print:hidden sm:left-auto sm:w-[356px] ${atBottom ? 'bottom-4 sm:right-6 sm:bottom-6' : 'top-4 sm:top-6 sm:right-6'}`}
      onMouseEnter={() => setIsHovered(true)}
      onMouseLeave={() => setIsHovered(false)}
      onFocus={() => setHasFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHasFocus(false);
      }}
    >
      {ordered.map((record) => (
        <ToastView key={record.id} record={record} duration={duration} paused={paused} closeButton={closeButton} richColors={richColors} />
      ))}
    </ol>
  );
}
