import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import { Heart, ShoppingCart } from 'lucide-react';
import { useAddCartItemMutation, useGetCartQuery, useSetCartItemRetipMutation } from '../../features/cart/api';
import { clearCart, isSameLine } from '../../features/cart/slice';
import { useAddWishlistItemMutation, useGetWishlistQuery, useRemoveWishlistItemMutation } from '../../features/wishlist/api';
import { clearWishlist, type WishlistItem } from '../../features/wishlist/slice';
import { api } from '../../lib/api';
import { isSellerRole, isTokenValid } from '../../lib/session';
import { ShopContext, type AddToCartInput, type ShopPort } from '../../lib/shop';
import { useSession } from '../../lib/use-session';
import type { AppDispatch, RootState } from '../store';

type Drawer = 'cart' | 'wishlist' | null;

// The drawers download on first use (not in the first page's JavaScript); pointing at or
// focusing a header button starts the download, so the drawer is usually there by the click.
const loadCartDrawer = () => import('../../features/cart/components/cart-drawer');
const loadWishlistDrawer = () => import('../../features/wishlist/components/wishlist-drawer');
const CartDrawer = lazy(() => loadCartDrawer().then((module) => ({ default: module.CartDrawer })));
const WishlistDrawer = lazy(() => loadWishlistDrawer().then((module) => ({ default: module.WishlistDrawer })));
const preload = (load: () => Promise<unknown>) => () => void load().catch(() => {});

const DrawerContext = createContext<{ canShop: boolean; open: (drawer: Drawer) => void }>({ canShop: false, open: () => {} });

/**
 * Wires the cart and wishlist features to the rest of the app: loads both from the server for a
 * signed-in buyer (the server is the source of truth; the slices mirror it), offers pages the
 * ShopPort, and mounts the two drawers the header buttons open.
 */
export function ShopProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const dispatch = useDispatch<AppDispatch>();
  const location = useLocation();
  const canShop = session !== null && isTokenValid(session.token) && !isSellerRole(session.role);
  const shopperId = canShop ? session.userId : null;
  const [drawer, setDrawer] = useState<Drawer>(null);

  // Re-read on every mount: another tab or device may have changed the cart since.
  const isCartFetching = useGetCartQuery(shopperId ?? skipToken, { refetchOnMountOrArgChange: true }).isFetching;
  const isWishlistFetching = useGetWishlistQuery(shopperId ?? skipToken, { refetchOnMountOrArgChange: true }).isFetching;
  // A change made while a read is under way would be overwritten by that read's older answer.
  const isReady = !isCartFetching && !isWishlistFetching;
  const [addCartItem] = useAddCartItemMutation();
  const [setRetip] = useSetCartItemRetipMutation();
  const [addWishlistItem] = useAddWishlistItemMutation();
  const [removeWishlistItem] = useRemoveWishlistItemMutation();
  const wishlistItems = useSelector((state: RootState) => state.wishlist.items);

  // Signed out (or a seller): nobody's cart stays on screen.
  useEffect(() => {
    if (!shopperId) {
      dispatch(clearCart());
      dispatch(clearWishlist());
    }
  }, [dispatch, shopperId]);

  useEffect(() => setDrawer(null), [location.pathname]);

  const addToCart = useCallback(
    async (input: AddToCartInput) => {
      const variantId = input.variantId ?? null;
      const personalization = input.personalization?.trim() || null;
      const cart = await addCartItem({
        product_id: input.productId,
        ...(variantId ? { variant_id: variantId } : {}),
        ...(personalization ? { personalization } : {}),
        quantity: input.quantity,
        preview: {
          variant_label: input.variantLabel ?? null,
          title: input.title,
          price: input.price,
          image: input.image,
          available_quantity: input.available,
          retip_label: input.addOnLabel,
          retip_offered_price: input.addOnPrice,
        },
      }).unwrap();
      if (!input.withAddOn) return;
      const line = cart.items.find((item) => isSameLine(item, { product_id: input.productId, variant_id: variantId, personalization }));
      if (line && !line.retip_added) {
        await setRetip({ id: line.id, isAdded: true, price: line.retip_offered_price ?? input.addOnPrice ?? 0 }).unwrap();
      }
    },
    [addCartItem, setRetip],
  );

  const port = useMemo<ShopPort>(
    () => ({
      canShop,
      isReady,
      addToCart,
      saveToWishlist: async ({ productId, title, price, image, quantity }) => {
        const answer = await addWishlistItem({ product_id: productId, preview: { title, price, image, quantity } }).unwrap();
        return answer.isNew;
      },
      removeFromWishlist: async (productId) => {
        const entry = wishlistItems.find((item) => item.product_id === productId);
        if (entry) await removeWishlistItem(entry.id).unwrap();
      },
      savedProductIds: new Set(wishlistItems.map((item) => item.product_id)),
      openCart: () => setDrawer('cart'),
      resetCartAfterOrder: () => {
        dispatch(clearCart());
        dispatch(api.util.invalidateTags(['Cart', 'CheckoutSummary']));
      },
    }),
    [canShop, isReady, addToCart, addWishlistItem, removeWishlistItem, wishlistItems, dispatch],
  );

  const moveToCart = useCallback(
    (item: WishlistItem) =>
      addToCart({
        productId: item.product_id,
        quantity: 1,
        withAddOn: false,
        title: item.title ?? 'Product',
        price: item.price ?? 0,
        image: item.image ?? null,
        available: item.quantity ?? 1,
        addOnLabel: null,
        addOnPrice: null,
      }),
    [addToCart],
  );

  const drawerControl = useMemo(() => ({ canShop, open: setDrawer }), [canShop]);

  return (
    <ShopContext.Provider value={port}>
      <DrawerContext.Provider value={drawerControl}>
        {children}
        <Suspense fallback={null}>
          {canShop && drawer === 'cart' && <CartDrawer onClose={() => setDrawer(null)} />}
          {canShop && drawer === 'wishlist' && <WishlistDrawer onClose={() => setDrawer(null)} onAddToCart={moveToCart} />}
        </Suspense>
      </DrawerContext.Provider>
    </ShopContext.Provider>
  );
}

const HEADER_BUTTON =
  'relative grid size-10 place-items-center rounded-full text-slate-700 transition-colors hover:bg-slate-100 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-brand-700 px-1 text-[11px] leading-none font-semibold text-white"
      aria-hidden
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

function itemsText(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** One header button that opens a drawer, its code fetched as soon as the pointer or focus comes near. */
function DrawerButton({
  label,
  count,
  load,
  onOpen,
  children,
}: {
  label: string;
  count: number;
  load: () => Promise<unknown>;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={HEADER_BUTTON}
      aria-haspopup="dialog"
      aria-label={`${label}, ${itemsText(count)}`}
      onPointerEnter={preload(load)}
      onFocus={preload(load)}
      onClick={onOpen}
    >
      {children}
      <CountBadge count={count} />
    </button>
  );
}

/** Wishlist and cart buttons with live counts (docs/product/data.md: totalItems, totalQuantity); buyers only. */
export function ShopHeaderButtons() {
  const { canShop, open } = useContext(DrawerContext);
  const cartCount = useSelector((state: RootState) => state.cart.totalQuantity);
  const wishlistCount = useSelector((state: RootState) => state.wishlist.totalItems);
  if (!canShop) return null;
  return (
    <div className="flex items-center gap-1">
      <DrawerButton label="Wishlist" count={wishlistCount} load={loadWishlistDrawer} onOpen={() => open('wishlist')}>
        <Heart className="size-5" aria-hidden />
      </DrawerButton>
      <DrawerButton label="Cart" count={cartCount} load={loadCartDrawer} onOpen={() => open('cart')}>
        <ShoppingCart className="size-5" aria-hidden />
      </DrawerButton>
    </div>
  );
}
