import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ChevronDown } from 'lucide-react';

// The panel is not part of the first page's JavaScript: pointing at or focusing the button starts its
// download, so it is there by the click (at the latest, it opens as soon as it has arrived).
const loadPanel = () => import('./account-menu-panel');
const AccountMenuPanel = lazy(() => loadPanel().then((module) => ({ default: module.AccountMenuPanel })));
const preloadPanel = () => void loadPanel().catch(() => {});

function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** The signed-in user's name opening a small panel with the account links of their role and Log out. */
export function AccountMenu({ userName, role }: { userName: string; role: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Close when the page changes, on Escape, and on a click anywhere else.
  useEffect(() => setIsOpen(false), [location.pathname]);
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setIsOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  const displayName = userName || 'My account';

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        onClick={() => setIsOpen((open) => !open)}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <span className="grid size-8 place-items-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800" aria-hidden>
          {initialsOf(userName)}
        </span>
        <span className="hidden max-w-40 truncate sm:inline">{displayName}</span>
        <span className="sr-only sm:hidden">{displayName}</span>
        <span className="sr-only">account menu</span>
        <ChevronDown className="size-4 text-slate-500" aria-hidden />
      </button>
      <Suspense fallback={null}>{isOpen && <AccountMenuPanel id={panelId} displayName={displayName} role={role} />}</Suspense>
    </div>
  );
}
