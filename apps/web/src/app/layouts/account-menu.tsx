import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ChevronDown, LogOut, type LucideIcon } from 'lucide-react';

export interface AccountMenuLink {
  to: string;
  label: string;
  icon: LucideIcon;
}

function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** The signed-in user's name opening a small panel with account links and Log out. */
export function AccountMenu({ userName, links, onLogout }: { userName: string; links: AccountMenuLink[]; onLogout: () => void }) {
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
      {isOpen && (
        <div
          id={panelId}
          className="absolute right-0 z-40 mt-2 w-56 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          <p className="truncate border-b border-slate-100 px-4 py-2.5 text-sm text-slate-500">
            Signed in as <span className="font-medium text-slate-900">{displayName}</span>
          </p>
          <ul className="py-1">
            {links.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <Link to={to} className="flex items-center gap-2.5 px-4 py-2 text-sm text-slate-700 hover:bg-slate-50">
                  <Icon className="size-4 text-slate-500" aria-hidden />
                  {label}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" onClick={onLogout} className="flex w-full items-center gap-2.5 px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-50">
                <LogOut className="size-4 text-slate-500" aria-hidden />
                Log out
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
