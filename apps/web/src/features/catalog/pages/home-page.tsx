import { Link, useNavigate } from 'react-router';
import {
  ArrowRight,
  Baby,
  BookOpen,
  Camera,
  Car,
  Dumbbell,
  Flower2,
  Gamepad2,
  Gem,
  Gift,
  HeartPulse,
  House,
  Laptop,
  MessagesSquare,
  Music,
  Palette,
  PawPrint,
  ShieldCheck,
  Shirt,
  Sofa,
  Sparkles,
  Sprout,
  Tag,
  Truck,
  Utensils,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { Alert } from '../../../components/alert';
import { Button, buttonClasses } from '../../../components/button';
import { SearchBox } from '../../../components/search-box';
import { APP_NAME, useDocumentTitle } from '../../../lib/document-title';
import { useListCategoriesQuery, type Category } from '../storefront-api';
import { ProductRow } from '../components/product-row';
import { HOME_ROWS } from '../components/product-rows';

// Category icons are picked by keyword so new categories still get a sensible one.
const CATEGORY_ICONS: [RegExp, LucideIcon][] = [
  [/cloth|fashion|apparel|wear|shoe/, Shirt],
  [/electr|tech|computer|phone|gadget/, Laptop],
  [/furniture|sofa/, Sofa],
  [/home|kitchen|decor|living/, House],
  [/garden|plant|outdoor/, Sprout],
  [/sport|fitness|outdoor/, Dumbbell],
  [/book|stationery/, BookOpen],
  [/jewel|accessor|watch/, Gem],
  [/baby|kid|child|toy/, Baby],
  [/game|gaming/, Gamepad2],
  [/auto|car|vehicle/, Car],
  [/art|craft|handmade/, Palette],
  [/beauty|health|wellness|care/, HeartPulse],
  [/pet|animal/, PawPrint],
  [/music|instrument/, Music],
  [/photo|camera/, Camera],
  [/tool|hardware|diy/, Wrench],
  [/food|grocer|drink/, Utensils],
  [/flower|floral/, Flower2],
  [/gift/, Gift],
];

function iconForCategory(category: Category): LucideIcon {
  const key = `${category.slug} ${category.name}`.toLowerCase();
  return CATEGORY_ICONS.find(([pattern]) => pattern.test(key))?.[1] ?? Tag;
}

const PROMISES = [
  { icon: ShieldCheck, title: 'Buyer protection', text: 'Open a dispute if an order is not as described.' },
  { icon: Truck, title: 'Tracked UPS delivery', text: 'Every parcel has a tracking number from day one.' },
  { icon: MessagesSquare, title: 'Talk to the seller', text: 'Ask questions in live chat before and after you buy.' },
];

function CategoryTiles() {
  const { data: categories, isLoading, isError, refetch, isFetching } = useListCategoriesQuery();

  if (isLoading) {
    return (
      <div aria-busy="true" aria-live="polite">
        <span className="sr-only">Loading categories…</span>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-hidden>
          {Array.from({ length: 6 }, (_, index) => (
            <li
              key={index}
              className="flex h-16 animate-pulse items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:h-28 sm:flex-col sm:items-start sm:justify-between sm:p-4"
            >
              <div className="size-10 shrink-0 rounded-lg bg-slate-200" />
              <div className="h-3 w-2/3 rounded bg-slate-200" />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  if (isError) {
    return (
      <Alert
        tone="error"
        title="Categories could not be loaded"
        action={
          <Button variant="secondary" size="sm" onClick={() => void refetch()} isBusy={isFetching}>
            Try again
          </Button>
        }
      >
        Check your connection and try again. You can still search for anything above.
      </Alert>
    );
  }

  if (!categories?.length) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
        No categories yet — sellers are adding their first products.
      </p>
    );
  }

  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {categories.map((category) => {
        const Icon = iconForCategory(category);
        return (
          <li key={category.id}>
            <Link
              to={`/products?category=${encodeURIComponent(category.slug)}`}
              className="group flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md sm:flex-col sm:items-start sm:justify-between sm:gap-4 sm:p-4"
            >
              <span className="grid size-10 place-items-center rounded-lg bg-brand-50 text-brand-700 group-hover:bg-brand-100">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="min-w-0 text-sm font-medium text-slate-900 sm:text-base">{category.name}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function HomePage() {
  useDocumentTitle('Shop from independent sellers');
  const navigate = useNavigate();

  return (
    <>
      <section className="relative overflow-hidden border-b border-slate-200 bg-gradient-to-b from-brand-50 via-white to-slate-50">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1.25fr_1fr] lg:items-center lg:py-20">
          <div>
            <p className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-xs font-medium text-brand-800 shadow-sm ring-1 ring-brand-200">
              <Sparkles className="size-3.5" aria-hidden />
              AI search that understands plain descriptions
            </p>
            <h1 className="mt-5 text-4xl font-semibold tracking-tight text-balance text-slate-900 sm:text-5xl">Things worth owning, from sellers who care</h1>
            <p className="mt-4 max-w-xl text-lg text-pretty text-slate-600">
              {APP_NAME} brings independent shops together in one place. Describe what you need, compare sellers, and check out once — every order ships with
              UPS tracking.
            </p>
            <div className="mt-8 max-w-xl">
              <SearchBox
                size="lg"
                label="Search products"
                placeholder="e.g. a cycling backpack"
                onSearch={(query) => navigate(`/ai-search-results?q=${encodeURIComponent(query)}`)}
              />
            </div>
          </div>

          <ul className="grid gap-3">
            {PROMISES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex items-start gap-4 rounded-2xl border border-slate-200 bg-white/80 p-5 shadow-sm">
                <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-700 text-white">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{title}</span>
                  <span className="mt-0.5 block text-sm text-slate-600">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {HOME_ROWS.map((row) => (
        <ProductRow key={row.id} {...row} />
      ))}

      <section aria-labelledby="categories-title" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="mb-6 flex items-end justify-between gap-4">
          <div>
            <h2 id="categories-title" className="text-2xl font-semibold tracking-tight text-slate-900">
              Shop by category
            </h2>
            <p className="mt-1 text-slate-600">Start with a department and narrow down from there.</p>
          </div>
          <Link to="/products" className="hidden shrink-0 items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800 sm:inline-flex">
            All products
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
        <CategoryTiles />
      </section>

      <section aria-labelledby="sell-title" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <div className="flex flex-col gap-6 rounded-3xl bg-brand-900 px-6 py-10 text-white sm:px-10 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="sell-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
              Open your shop in an afternoon
            </h2>
            <p className="mt-2 text-brand-100">
              List products from your phone, print UPS labels, and get paid straight to your bank through Stripe. {APP_NAME} keeps a commission only when you
              make a sale.
            </p>
          </div>
          <Link to="/signup?role=seller" className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'shrink-0 border-transparent' })}>
            Sell on {APP_NAME}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
      </section>
    </>
  );
}
