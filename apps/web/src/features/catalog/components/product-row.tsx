import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import type { ProductSort } from '@marketplace/contracts/catalog';
import { ProductCard, ProductCardSkeletons } from '../../../components/product-card';
import { useSearchProductsQuery } from '../storefront-api';
import { productRowArgs } from './product-rows';

interface ProductRowProps {
  id: string;
  title: string;
  description: string;
  sort: ProductSort;
}

/**
 * A home page row of products in one order. A row that fails to load or is empty is left out: the
 * rest of the home page still works, and /products shows the real error.
 */
export function ProductRow({ id, title, description, sort }: ProductRowProps) {
  const { data, isLoading, isError } = useSearchProductsQuery(productRowArgs(sort));
  const items = data?.items ?? [];
  if (isError || (!isLoading && items.length === 0)) return null;

  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 pt-12 sm:px-6 sm:pt-16">
      <div className="mb-6 flex items-end justify-between gap-4">
        <div>
          <h2 id={id} className="text-2xl font-semibold tracking-tight text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-slate-600">{description}</p>
        </div>
        <Link to={`/products?sort=${sort}`} className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800">
          See all
          <span className="sr-only"> {title.toLowerCase()}</span>
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      <ul
        className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-4 sm:gap-4 sm:overflow-visible sm:px-0 lg:grid-cols-4"
        aria-busy={isLoading}
      >
        {isLoading ? (
          <ProductCardSkeletons count={4} />
        ) : (
          items.map((product) => (
            <li key={product.id} className="w-40 shrink-0 snap-start sm:w-auto">
              <ProductCard product={product} />
            </li>
          ))
        )}
      </ul>
    </section>
  );
}
