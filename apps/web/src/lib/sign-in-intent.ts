import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';

/**
 * What a guest was doing when the catalogue asked them to log in (docs/product/roles.md, "Guests"):
 * the prompt sends them to /login or /signup with `{ from, intent }` in the location state, the login
 * and signup pages pass that state on to `from`, and the page there finishes the action once, then
 * drops the state so going back or reloading does not repeat it.
 *
 * Location state never comes from a link or another site (only this app's own navigation sets it), and
 * `from` is still checked like any remembered path (`pathAfterLogin`, lib/access.ts).
 */
export type SignInIntent =
  | { kind: 'add-to-cart'; productId: string; quantity: number; withAddOn: boolean; variantId?: string; personalization?: string }
  | { kind: 'save-to-wishlist'; productId: string }
  | { kind: 'message-seller'; productId: string }
  | { kind: 'vote-helpful'; productId: string };

export type SignInIntentKind = SignInIntent['kind'];

/** Why the guest is asked to log in, and what happens after (the prompt, the login and signup pages say it). */
export const SIGN_IN_REASONS: Readonly<Record<SignInIntentKind, { why: string; after: string }>> = {
  'add-to-cart': {
    why: 'Log in or create an account to add this to your cart.',
    after: 'You’ll come back to this product with it in your cart.',
  },
  'save-to-wishlist': {
    why: 'Log in or create an account to save this to your wishlist.',
    after: 'You’ll come back to this product with it saved.',
  },
  'message-seller': {
    why: 'Log in or create an account to message the seller.',
    after: 'Your conversation with the seller opens right after.',
  },
  'vote-helpful': {
    why: 'Log in or create an account to mark reviews helpful.',
    after: 'You’ll come back to this product’s reviews.',
  },
};

/** The location state for /login or /signup: come back to this page and finish `intent`. */
export function signInState(location: Pick<Location, 'pathname' | 'search'>, intent: SignInIntent) {
  return { from: `${location.pathname}${location.search}`, intent };
}

const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 100;

/** The intent in a location state, or null when there is none or it is not one this app wrote. */
export function readSignInIntent(state: unknown): SignInIntent | null {
  const intent = (state as { intent?: unknown } | null)?.intent as Record<string, unknown> | undefined;
  if (!intent || typeof intent !== 'object' || !isId(intent.productId)) return null;
  switch (intent.kind) {
    case 'add-to-cart': {
      const { quantity, withAddOn, variantId, personalization } = intent;
      if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || typeof withAddOn !== 'boolean') return null;
      if (variantId !== undefined && !isId(variantId)) return null;
      // The API judges the text itself (its listing's rules); here only its kind and a bound on its size.
      if (personalization !== undefined && (typeof personalization !== 'string' || personalization.length > 1024)) return null;
      return {
        kind: 'add-to-cart',
        productId: intent.productId,
        quantity,
        withAddOn,
        ...(variantId ? { variantId } : {}),
        ...(personalization ? { personalization } : {}),
      };
    }
    case 'save-to-wishlist':
    case 'message-seller':
    case 'vote-helpful':
      return { kind: intent.kind, productId: intent.productId };
    default:
      return null;
  }
}

/**
 * On the page a guest returns to after logging in: when the location state holds an intent of one of
 * `kinds` for this product and `canFinish` (the session can do it, the page has what it needs), calls
 * `finish` once and replaces the state with none, so back, forward and reload leave it alone.
 * `kinds` must be the same array from render to render (a constant).
 */
export function useFinishSignInIntent(productId: string, kinds: readonly SignInIntentKind[], canFinish: boolean, finish: (intent: SignInIntent) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const finishRef = useRef(finish);
  const isFinished = useRef(false);
  // Not on the first render: the layout mounted with this page (right after logging in) starts its
  // reads of the cart and wishlist in its effects, and `canFinish` must see them under way.
  const [hasRendered, setHasRendered] = useState(false);
  useEffect(() => {
    finishRef.current = finish;
  });
  useEffect(() => setHasRendered(true), []);
  useEffect(() => {
    const intent = readSignInIntent(location.state);
    if (!hasRendered || !canFinish || isFinished.current || !intent || intent.productId !== productId || !kinds.includes(intent.kind)) return;
    isFinished.current = true;
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
    finishRef.current(intent);
  }, [hasRendered, location, navigate, productId, kinds, canFinish]);
}
