/**
 * The delivery box's frame. The box is at least as tall as its usual estimate (three lines; on a phone the
 * shipping line takes two), and its placeholder that tall too, so neither the box's code arriving nor its answer
 * moves the description below it.
 */
export const DELIVERY_BOX_CLASSES = 'min-h-[7.875rem] rounded-2xl border border-slate-200 bg-white p-4 sm:min-h-[7.125rem] sm:p-5';

/** What stands in for the delivery box while its code or its estimate loads: quiet, and not read out. */
export function DeliveryPlaceholder() {
  return (
    <div className={`${DELIVERY_BOX_CLASSES} flex flex-col justify-center gap-2.5`} aria-hidden>
      <span className="block h-5 w-3/5 rounded bg-slate-100" />
      <span className="block h-3.5 w-4/5 rounded bg-slate-100" />
      <span className="block h-3.5 w-2/5 rounded bg-slate-100" />
    </div>
  );
}
