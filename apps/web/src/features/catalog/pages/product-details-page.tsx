import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ChevronRight, Heart, MessageCircle, ShoppingCart, Store } from 'lucide-react';
import { toast } from '../../../components/toast';
import type { ProductDetail, ProductDetailForViewer } from '@marketplace/contracts/catalog';
import type { StartChatRequest, StartChatResponse } from '@marketplace/contracts/chat';
import { MAX_CART_LINE_QUANTITY } from '@marketplace/contracts/cart-limits';
import { Alert } from '../../../components/alert';
import { Button, buttonClasses } from '../../../components/button';
import { EmptyState, LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { api } from '../../../lib/api';
import { describeApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatDollars } from '../../../lib/format';
import { isAdminRole, isSellerRole } from '../../../lib/session';
import { useShop } from '../../../lib/shop';
import { useFinishSignInIntent, type SignInIntent, type SignInIntentKind } from '../../../lib/sign-in-intent';
import { useSession } from '../../../lib/use-session';
import { useTakenOver } from '../../../lib/taking-over';
import { conditionLabel, describeStock, STOCK_TONE_CLASSES } from '../../../lib/stock';
import { StarRating } from '../../../components/star-rating';
import { ProductGallery } from '../components/product-gallery';
import { SellerPreviewBanner } from '../components/seller-preview-banner';
import { useGetProductQuery } from '../storefront-api';
import { VacationNotice } from '../components/vacation-notice';
import { VariantPicker } from '../components/variant-picker';
import { DeliveryPlaceholder } from '../components/delivery-placeholder';
import { isVariantBuyable, matchingVariant, photoOfChoice, type VariantOptions } from '@marketplace/domain/variations';
import { normalizePersonalization, personalizationProblem } from '@marketplace/domain/personalization';
import { TextAreaField } from '../../../components/text-area-field';

// POST /api/chat: the buyer's conversation with this product's seller. Declared here because
// a feature never imports another (the chat pages have their own copy of the call).
const productChatApi = api.injectEndpoints({
  endpoints: (build) => ({
    startProductChat: build.mutation<StartChatResponse, StartChatRequest>({
      query: (body) => ({ url: '/chat', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Chat', id: 'LIST' }]),
    }),
  }),
});

// The reviews sit below the product: their code loads with the page but does not hold up its first paint.
const ProductReviews = lazy(() => import('../components/product-reviews').then((module) => ({ default: module.ProductReviews })));

// Asking a guest to log in (for the cart, the wishlist or a message) is rare: its code comes after the page's.
const loadSignInPrompt = () => import('../../../components/sign-in-prompt');
const SignInPrompt = lazy(() => loadSignInPrompt().then((module) => ({ default: module.SignInPrompt })));

// The delivery box (arrival dates, shipping) is the browser's alone: drawn once the app has taken the page over,
// its code and its API call in a chunk of their own, so the server's page and the first load stay as they were.
const DeliveryBox = lazy(() => import('../components/delivery-box').then((module) => ({ default: module.DeliveryBox })));

function ProductDelivery({ productId }: { productId: string }) {
  const isTakenOver = useTakenOver();
  if (!isTakenOver) return null;
  return (
    <Suspense fallback={<DeliveryPlaceholder />}>
      <DeliveryBox productId={productId} />
    </Suspense>
  );
}

/** The log-in prompt for a guest's `intent`, while there is one. */
function GuestPrompt({ intent, onClose }: { intent: SignInIntent | null; onClose: () => void }) {
  return <Suspense fallback={null}>{intent && <SignInPrompt intent={intent} onClose={onClose} />}</Suspense>;
}

const MESSAGE_INTENTS: readonly SignInIntentKind[] = ['message-seller'];
const PURCHASE_INTENTS: readonly SignInIntentKind[] = ['add-to-cart', 'save-to-wishlist'];

/** Buyers open the conversation about this product; a guest logs in first, comes back and it opens. */
function MessageSellerButton({ product }: { product: ProductDetail }) {
  const session = useSession();
  const navigate = useNavigate();
  const [startChat, { isLoading }] = productChatApi.useStartProductChatMutation();
  const [prompt, setPrompt] = useState<SignInIntent | null>(null);
  const isBuyer = session !== null && !isSellerRole(session.role) && !isAdminRole(session.role);
  useFinishSignInIntent(product.id, MESSAGE_INTENTS, isBuyer, () => void open());
  if (session && !isBuyer) return null;

  async function open() {
    if (!session) {
      setPrompt({ kind: 'message-seller', productId: product.id });
      return;
    }
    try {
      const { chat } = await startChat({ sellerId: product.seller.id, productId: product.id }).unwrap();
      await navigate(`/user/chats?chat=${encodeURIComponent(chat.id)}`);
    } catch (error) {
      toast.error(describeApiError(error).message);
    }
  }

  return (
    <>
      <Button variant="secondary" size="sm" isBusy={isLoading} onClick={() => void open()}>
        <MessageCircle className="size-4" aria-hidden />
        Message seller
      </Button>
      <GuestPrompt intent={prompt} onClose={() => setPrompt(null)} />
    </>
  );
}

/**
 * Add to cart and to the wishlist. A guest sees the same form; either button asks them to log in or
 * sign up, and once they are back here with a session, what they asked for is done.
 */
/** Whether the combinations on sale cost different amounts: then, until one is chosen, the price is "From $X". */
function pricesDiffer(product: Pick<ProductDetail, 'hasVariants' | 'variants'>): boolean {
  return product.hasVariants && new Set(product.variants.filter((variant) => variant.available).map((variant) => variant.price)).size > 1;
}

/** Each variation with one option starts chosen; the others wait for the buyer (the server draws the same). */
function firstChoices(product: Pick<ProductDetail, 'variations'>): VariantOptions {
  return Object.fromEntries(
    product.variations.filter((variation) => variation.options.length === 1).map((variation) => [variation.name, variation.options[0]!]),
  );
}

function PurchasePanel({
  product,
  chosen,
  onChoose,
}: {
  product: ProductDetail;
  /** The buyer's choice of each variation so far (a listing with variants, decision 0043). */
  chosen: VariantOptions;
  onChoose: (name: string, option: string) => void;
}) {
  const shop = useShop();
  const isGuest = useSession() === null;
  const variant = product.hasVariants ? matchingVariant(product.variations, product.variants, chosen) : null;
  // The variation the buyer was asked to choose when they pressed Add to cart without it.
  const [missing, setMissing] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [withAddOn, setWithAddOn] = useState(false);
  const [isAdding, setIsAdding] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [prompt, setPrompt] = useState<SignInIntent | null>(null);
  // What the buyer writes for the seller, when the listing asks (docs/product/listings.md "Personalisation").
  const [personalization, setPersonalization] = useState('');
  const [personalizationError, setPersonalizationError] = useState<string | null>(null);
  // The server draws the form as a guest sees it; until this browser has taken the page over, a tap would
  // submit the bare form (the page reloads and nothing is added), so the button waits for the app.
  const isTakenOver = useTakenOver();
  const stock = variant ? (isVariantBuyable(variant) ? variant.quantity : 0) : product.quantity;
  const maxQuantity = Math.min(stock, MAX_CART_LINE_QUANTITY);
  // A shop on vacation shows its listings but sells none until its day (docs/product/shops.md).
  const away = product.seller.vacation;
  const isOutOfStock = stock <= 0 || away !== null;
  const isSaved = shop.savedProductIds.has(product.id);

  useEffect(() => {
    if (isGuest) void loadSignInPrompt().catch(() => {});
  }, [isGuest]);
  useFinishSignInIntent(product.id, PURCHASE_INTENTS, shop.canShop && shop.isReady, (intent) => {
    if (intent.kind === 'add-to-cart')
      void addToCart(
        intent.quantity,
        intent.withAddOn,
        product.variants.find((candidate) => candidate.id === intent.variantId) ?? null,
        intent.personalization ?? null,
      );
    else if (isSaved) toast.success('Already in your wishlist');
    else void toggleSaved();
  });

  if (!shop.canShop && !isGuest) {
    return <Alert tone="info">You are signed in as a seller. Buyers see “Add to cart” and “Add to wishlist” here.</Alert>;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const notChosen = product.hasVariants ? product.variations.find((variation) => !chosen[variation.name]) : undefined;
    if (notChosen) {
      setMissing(notChosen.name);
      document.getElementById(`variation-${product.variations.indexOf(notChosen)}`)?.focus();
      return;
    }
    const text = normalizePersonalization(personalization);
    const problem = personalizationProblem(product.personalization, text);
    if (problem) {
      setPersonalizationError(problem.code === 'personalization_required' ? 'Write your personalisation first' : problem.message);
      document.querySelector<HTMLTextAreaElement>('textarea[name="personalization"]')?.focus();
      return;
    }
    const withTheAddOn = withAddOn && product.retip !== null;
    if (isGuest)
      setPrompt({
        kind: 'add-to-cart',
        productId: product.id,
        quantity,
        withAddOn: withTheAddOn,
        ...(variant ? { variantId: variant.id } : {}),
        ...(text ? { personalization: text } : {}),
      });
    else void addToCart(quantity, withTheAddOn, variant, text);
  }

  async function addToCart(units: number, withTheAddOn: boolean, chosenVariant: ProductDetail['variants'][number] | null, text: string | null) {
    setIsAdding(true);
    try {
      await shop.addToCart({
        productId: product.id,
        variantId: chosenVariant?.id ?? null,
        variantLabel: chosenVariant?.label ?? null,
        personalization: text,
        quantity: units,
        withAddOn: withTheAddOn,
        title: product.title,
        price: chosenVariant?.price ?? product.price,
        image: product.image?.thumbnailUrl ?? null,
        available: chosenVariant?.quantity ?? product.quantity,
        addOnLabel: product.retip?.label ?? null,
        addOnPrice: product.retip?.price ?? null,
      });
      const name = chosenVariant ? `${product.title} (${chosenVariant.label})` : product.title;
      toast.success(`${name} added to your cart`, { action: { label: 'View cart', onClick: shop.openCart } });
      // The next one may be for someone else: another text is another line.
      setPersonalization('');
    } catch (error) {
      toast.error(describeApiError(error).message);
    } finally {
      setIsAdding(false);
    }
  }

  async function toggleSaved() {
    if (isGuest) {
      setPrompt({ kind: 'save-to-wishlist', productId: product.id });
      return;
    }
    setIsSaving(true);
    try {
      if (isSaved) {
        await shop.removeFromWishlist(product.id);
        toast.success('Removed from your wishlist');
      } else {
        await shop.saveToWishlist({
          productId: product.id,
          title: product.title,
          price: product.price,
          image: product.image?.thumbnailUrl ?? null,
          quantity: product.quantity,
        });
        toast.success('Saved to your wishlist');
      }
    } catch (error) {
      toast.error(describeApiError(error).message);
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      {away && <VacationNotice vacation={away} />}
      {product.hasVariants && (
        <VariantPicker
          variations={product.variations}
          variants={product.variants}
          chosen={chosen}
          missing={missing !== null && !chosen[missing] ? missing : null}
          disabled={away !== null}
          onChoose={(name, option) => {
            onChoose(name, option);
            setQuantity(1);
          }}
        />
      )}
      {product.personalization && (
        <TextAreaField
          label={product.personalization.required ? 'Personalisation' : 'Personalisation (optional)'}
          name="personalization"
          // A name or a letter is one line; a longer note gets room.
          rows={product.personalization.maxLength > 80 ? 3 : 1}
          hint={product.personalization.instructions || undefined}
          placeholder={product.personalization.instructions ? undefined : 'What the seller should write or engrave'}
          value={personalization}
          error={personalizationError ?? undefined}
          counterMax={product.personalization.maxLength}
          disabled={isOutOfStock}
          onChange={(event) => {
            setPersonalization(event.target.value);
            setPersonalizationError(null);
          }}
        />
      )}
      {product.retip && (
        <label className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 hover:border-brand-300">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
            checked={withAddOn}
            disabled={isOutOfStock}
            onChange={(event) => setWithAddOn(event.target.checked)}
          />
          <span className="text-sm">
            <span className="font-medium text-slate-900">{product.retip.label}</span>{' '}
            <span className="text-slate-600">(+{formatDollars(product.retip.price)})</span>
            <span className="mt-0.5 block text-xs text-slate-500">An optional service from the seller, added once per order line.</span>
          </span>
        </label>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-24">
          <label htmlFor="product-quantity" className="mb-1.5 block text-sm font-medium text-slate-800">
            Quantity
          </label>
          <input
            id="product-quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, maxQuantity)}
            value={quantity}
            disabled={isOutOfStock}
            onChange={(event) => {
              const next = Number.parseInt(event.target.value, 10);
              setQuantity(Number.isFinite(next) ? Math.min(Math.max(1, next), Math.max(1, maxQuantity)) : 1);
            }}
            className="block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-200 sm:text-sm"
          />
        </div>
        <Button type="submit" size="lg" className="flex-1" isBusy={isAdding} disabled={isOutOfStock || !isTakenOver}>
          <ShoppingCart className="size-5" aria-hidden />
          Add to cart
        </Button>
      </div>
      <Button variant="secondary" className="w-full" aria-pressed={isSaved} isBusy={isSaving} onClick={() => void toggleSaved()}>
        <Heart className={`size-4 ${isSaved ? 'fill-red-600 text-red-600' : ''}`} aria-hidden />
        {isSaved ? 'Saved' : 'Add to wishlist'}
      </Button>
      {/* In a portal: the dialog is not part of the form. */}
      <GuestPrompt intent={prompt} onClose={() => setPrompt(null)} />
    </form>
  );
}

function ProductView({ product }: { product: ProductDetailForViewer }) {
  useDocumentTitle(product.title);
  const [chosen, setChosen] = useState<VariantOptions>(() => firstChoices(product));
  const variant = product.hasVariants ? matchingVariant(product.variations, product.variants, chosen) : null;
  const stock = describeStock(variant ? (isVariantBuyable(variant) ? variant.quantity : 0) : product.quantity);
  const images = product.images.length > 0 ? product.images : [];

  return (
    <div className="space-y-6">
      <SellerPreviewBanner product={product} />
      <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-sm text-slate-600">
        <Link to="/products" className="hover:text-slate-900">
          Products
        </Link>
        <ChevronRight className="size-4 text-slate-400" aria-hidden />
        <Link to={`/products?category=${encodeURIComponent(product.category.slug)}`} className="hover:text-slate-900">
          {product.category.name}
        </Link>
      </nav>
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery title={product.title} images={images} shownId={photoOfChoice(product.variants, chosen)} />
        <div className="space-y-5">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{product.title}</h1>
            <p className="mt-2 text-3xl font-semibold text-slate-900">
              {variant ? formatDollars(variant.price) : pricesDiffer(product) ? `From ${formatDollars(product.price)}` : formatDollars(product.price)}
            </p>
            {product.averageRating !== null && product.reviewCount > 0 && (
              <a href="#reviews-title" className="mt-1 inline-flex rounded hover:underline">
                <StarRating value={product.averageRating} count={product.reviewCount} showValue />
              </a>
            )}
          </div>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div className="rounded-lg bg-slate-100 px-3 py-2">
              <dt className="text-slate-600">Condition</dt>
              <dd className="font-medium text-slate-900">{conditionLabel(product.condition)}</dd>
            </div>
            <div className="rounded-lg bg-slate-100 px-3 py-2">
              <dt className="text-slate-600">Availability</dt>
              <dd className={`font-medium ${STOCK_TONE_CLASSES[stock.tone]}`}>{stock.text}</dd>
            </div>
          </dl>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <Store className="size-4 text-slate-500" aria-hidden />
              Sold by{' '}
              <Link to={`/shop/${product.seller.id}`} className="font-medium text-brand-700 hover:text-brand-800 hover:underline">
                {product.seller.companyName ?? 'an independent seller'}
              </Link>
              {/* The seller's rating over all their items' visible reviews (their shop page shows the same). */}
              {product.seller.rating.average !== null && (
                <StarRating value={product.seller.rating.average} count={product.seller.rating.count} showValue size="text-xs" />
              )}
            </p>
            <MessageSellerButton product={product} />
          </div>
          <PurchasePanel product={product} chosen={chosen} onChoose={(name, option) => setChosen((current) => ({ ...current, [name]: option }))} />
          {/* A shop on vacation sends nothing until it is back, and a draft is not for sale: no promise for either. */}
          {product.seller.vacation === null && !product.isDraft && <ProductDelivery productId={product.id} />}
          <section aria-labelledby="description-title">
            <h2 id="description-title" className="text-lg font-semibold text-slate-900">
              Description
            </h2>
            <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-slate-700">{product.description}</p>
          </section>
        </div>
      </div>
      <Suspense fallback={null}>
        <ProductReviews productId={product.id} />
      </Suspense>
    </div>
  );
}

/** A product that does not exist (or is not live): the server answers this page with status 404. */
function ProductNotFound() {
  return (
    <div className="space-y-6">
      <PageHeader title="Product Details" description="Photos, description, price and seller of this product." />
      <EmptyState
        title="Product not found"
        action={
          <Link to="/products" className={buttonClasses({ variant: 'secondary' })}>
            Back to products
          </Link>
        }
      >
        It may have sold out or been taken down by its seller.
      </EmptyState>
    </div>
  );
}

/** /products/:productId: gallery, price, condition, seller, stock, add-on, add to cart and wishlist. */
export function ProductDetailsPage() {
  const { productId = '' } = useParams();
  const product = useGetProductQuery(productId);

  if (product.isLoading) return <LoadingState label="Loading product…" />;
  if (product.isError) {
    const { status } = describeApiError(product.error);
    if (status === 404 || status === 400) return <ProductNotFound />;
    return (
      <div className="space-y-6">
        <PageHeader title="Product Details" description="Photos, description, price and seller of this product." />
        <LoadError title="This product could not be loaded" error={product.error} onRetry={() => void product.refetch()} isRetrying={product.isFetching} />
      </div>
    );
  }
  if (!product.data) return null;
  return <ProductView product={product.data} />;
}
