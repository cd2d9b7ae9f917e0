/**
 * Whether this drawing is of a page before the app has taken it over: on the server (which draws the public
 * pages as a guest sees them), or in the browser while it hydrates the server's page, until the root layout
 * marks the page interactive (`<html data-interactive>`). A button that a tap must not reach before then (the
 * bare form would submit: a reload, nothing done) starts disabled in that drawing, and the app enables it on
 * mount (`useTakenOver`); everywhere else, it is enabled from its first drawing.
 */
import { useEffect, useState } from 'react';

function isBeforeTakeOver(): boolean {
  if (typeof document === 'undefined') return true;
  return !('interactive' in document.documentElement.dataset) && document.getElementById('root')?.hasChildNodes() === true;
}

/** False while the page is the server's (see above), true once the app answers its buttons. */
export function useTakenOver(): boolean {
  const [takenOver, setTakenOver] = useState(() => !isBeforeTakeOver());
  useEffect(() => setTakenOver(true), []);
  return takenOver;
}
