import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AiSearchResponse, SearchChip } from '@marketplace/contracts/search';
import { nothingFoundAnswer, plainInterpretation } from '../../../test/search-fixtures';
import type { ProductSummary } from '@marketplace/contracts/catalog';
import { clearSession } from '../../../lib/session';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';

function product(id: string, title: string, price: number): ProductSummary {
  return {
    id,
    title,
    price,
    quantity: 3,
    hasVariants: false,
    condition: 'new',
    status: 'active',
    category: { id: 'c-1', name: 'Fashion', slug: 'fashion' },
    seller: { id: 's-1', companyName: 'Northwind Outfitters' },
    image: null,
    retip: null,
    createdAt: '2025-05-01T10:00:00.000Z',
    averageRating: null,
    reviewCount: 0,
  };
}

const ALL_CHIPS: SearchChip[] = [
  { id: 'max_price:20000', kind: 'max_price', label: 'Under $200', value: '20000' },
  { id: 'condition:used', kind: 'condition', label: 'Used (good or fair)', value: 'used' },
  { id: 'attribute:leather', kind: 'attribute', label: 'Leather', value: 'leather' },
];

/** A fake /api/search/ai that honours `exclude` the way the server does, recording every call. */
function searchServer(calls: URL[], { items = [product('p-1', 'Leather Chelsea Boots', 159)] }: { items?: ProductSummary[] } = {}): ApiHandler {
  return (request) => {
    const url = new URL(request.url);
    if (url.pathname !== '/api/search/ai') return jsonResponse(404, { error: 'Not found' });
    calls.push(url);
    const excluded = (url.searchParams.get('exclude') ?? '').split(',').filter(Boolean);
    const chips = ALL_CHIPS.filter((chip) => !excluded.includes(chip.id));
    const hasUsed = chips.some((chip) => chip.id === 'condition:used');
    const shown = hasUsed ? [] : items;
    const body: AiSearchResponse = {
      interpretation: {
        chips,
        keywords: ['leather', 'boots'],
        relatedTerms: [],
        minPrice: null,
        maxPrice: 200,
        category: null,
        condition: hasUsed ? 'used' : null,
        sort: 'relevance',
        attributes: [{ kind: 'material', value: 'leather' }],
        corrections: [{ from: 'bots', to: 'boots' }],
        isSemanticallyRanked: false,
      },
      items: shown,
      pagination: { page: Number(url.searchParams.get('page') ?? 1), limit: 24, totalItems: shown.length, totalPages: 1 },
    };
    return jsonResponse(200, body);
  };
}

const QUERY = '/ai-search-results?q=used%20leather%20bots%20under%20%24200';

afterEach(() => clearSession());

describe('AI search results', () => {
  it('shows what was understood as chips, the spelling it used, and asks the AI search endpoint', async () => {
    const calls: URL[] = [];
    renderApp(`${QUERY}&without=condition:used`, { api: searchServer(calls) });

    expect(await screen.findByRole('link', { name: /Leather Chelsea Boots/ })).toBeInTheDocument();
    const understood = screen.getByLabelText('What we understood');
    expect(within(understood).getByText('Under $200')).toBeInTheDocument();
    expect(within(understood).getByText('Leather')).toBeInTheDocument();
    expect(within(understood).queryByText('Used (good or fair)')).not.toBeInTheDocument();
    expect(screen.getByText(/Showing results for/)).toHaveTextContent('Showing results for boots (you typed “bots”)');
    expect(screen.getByText('1 product for “used leather bots under $200”')).toBeInTheDocument();
    expect(calls[0]?.searchParams.get('q')).toBe('used leather bots under $200');
    expect(calls[0]?.searchParams.get('exclude')).toBe('condition:used');
  });

  it('searches again without a chip the buyer removes, and can restore it', async () => {
    const calls: URL[] = [];
    const { user, router } = renderApp(QUERY, { api: searchServer(calls) });

    // With "used" applied nothing matches: the empty state says to remove a filter.
    expect(await screen.findByText('No listing matches every part of your search.')).toBeInTheDocument();
    expect(calls[0]?.searchParams.has('exclude')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove condition filter Used (good or fair)' }));
    expect(await screen.findByRole('link', { name: /Leather Chelsea Boots/ })).toBeInTheDocument();
    expect(calls.at(-1)?.searchParams.get('exclude')).toBe('condition:used');
    expect(new URLSearchParams(router.state.location.search).get('without')).toBe('condition:used');

    await user.click(screen.getByRole('button', { name: 'Remove price filter Under $200' }));
    await screen.findByRole('button', { name: 'Restore 2 removed filters' });
    expect(calls.at(-1)?.searchParams.get('exclude')).toBe('condition:used,max_price:20000');

    await user.click(screen.getByRole('button', { name: 'Restore 2 removed filters' }));
    expect(await screen.findByText('No listing matches every part of your search.')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).has('without')).toBe(false);
  });

  it('offers searches that find something when nothing matches', async () => {
    const { user, router } = renderApp('/ai-search-results?q=submarine', {
      api: () => jsonResponse(200, nothingFoundAnswer(['submarine'])),
    });

    expect(await screen.findByText('Nothing found for “submarine”')).toBeInTheDocument();
    expect(screen.getByText('Try fewer or different words, or one of the searches below.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'gift for a coffee lover' }));
    expect(router.state.location.search).toBe('?q=gift%20for%20a%20coffee%20lover');
  });

  it('points to where to look when nothing matches: the same words without the filters, or the nearest category', async () => {
    const interpretation = plainInterpretation();
    const empty = nothingFoundAnswer();
    const answers: Record<string, AiSearchResponse> = {
      'refurbished headphones': {
        ...empty,
        interpretation: {
          ...interpretation,
          condition: 'like_new',
          chips: [{ id: 'condition:like_new', kind: 'condition', label: 'Like new', value: 'like_new' }],
        },
        suggestion: { reason: 'without_filters', query: 'headphones', category: null, totalItems: 3 },
      },
      'wedding dress': {
        ...empty,
        interpretation,
        suggestion: { reason: 'category', query: 'Fashion', category: { slug: 'fashion', name: 'Fashion' }, totalItems: null },
      },
      'gift for her': {
        ...empty,
        interpretation: { ...interpretation, recipient: 'women', chips: [{ id: 'recipient:women', kind: 'recipient', label: 'Her', value: 'women' }] },
        items: [product('p-9', 'Freshwater Pearl Bracelet', 79)],
        pagination: { page: 1, limit: 24, totalItems: 1, totalPages: 1 },
        suggestion: null,
      },
    };
    const api: ApiHandler = (request) => jsonResponse(200, answers[new URL(request.url).searchParams.get('q') ?? ''] ?? { ...empty, interpretation });

    const first = renderApp('/ai-search-results?q=refurbished%20headphones', { api });
    expect(await screen.findByText('Nothing found for “refurbished headphones”')).toBeInTheDocument();
    expect(screen.getByText(/Without the filters/)).toHaveTextContent('Without the filters, “headphones” finds 3 products.');
    expect(screen.getByRole('link', { name: '“headphones”' })).toHaveAttribute('href', '/ai-search-results?q=headphones');
    first.unmount();

    const second = renderApp('/ai-search-results?q=wedding%20dress', { api });
    expect(await screen.findByText(/Nothing of that kind is listed yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'browse Fashion' })).toHaveAttribute('href', '/products?category=fashion');
    second.unmount();

    renderApp('/ai-search-results?q=gift%20for%20her', { api });
    expect(await screen.findByRole('link', { name: /Freshwater Pearl Bracelet/ })).toBeInTheDocument();
    expect(within(screen.getByLabelText('What we understood')).getByText('Gift for:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove gift for filter Her' })).toBeInTheDocument();
    expect(screen.queryByText(/Nothing of that kind/)).not.toBeInTheDocument();
  });

  it('shows example searches and asks nothing before a query is typed', async () => {
    const calls: URL[] = [];
    renderApp('/ai-search-results', { api: searchServer(calls) });
    expect(await screen.findByText('Try one of these')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'used books' })).toHaveAttribute('href', '/ai-search-results?q=used%20books');
    expect(calls).toHaveLength(0);
  });

  it('reports a failed search with a retry', async () => {
    renderApp('/ai-search-results?q=boots', { api: () => jsonResponse(500, { error: 'Something went wrong' }) });
    expect(await screen.findByText('Search results could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('sorting the search results', () => {
  const rated = (base: ProductSummary, averageRating: number | null, reviewCount: number): ProductSummary => ({ ...base, averageRating, reviewCount });
  const LISTINGS = [
    rated(product('p-1', 'Leather Chelsea Boots', 159), 3.5, 4),
    rated(product('p-2', 'Suede Desert Boots', 89), 4.8, 12),
    rated(product('p-3', 'Leather Hiking Boots', 129), null, 0),
  ];
  const SORT_CHIP: SearchChip = { id: 'sort:price_asc', kind: 'sort', label: 'Cheapest first', value: 'price_asc' };
  const ORDERS: Record<string, (a: ProductSummary, b: ProductSummary) => number> = {
    relevance: () => 0,
    price_asc: (a, b) => a.price - b.price,
    price_desc: (a, b) => b.price - a.price,
    newest: () => 0,
    rating: (a, b) => (b.averageRating ?? -1) - (a.averageRating ?? -1),
  };

  /** A fake /api/search/ai that sorts as the server does: the page's `sort`, else the words' ("cheap" → price_asc), else relevance. */
  function sortingServer(calls: URL[]): ApiHandler {
    return (request) => {
      const url = new URL(request.url);
      if (url.pathname !== '/api/search/ai') return jsonResponse(404, { error: 'Not found' });
      calls.push(url);
      const q = url.searchParams.get('q') ?? '';
      const wordsSort = /cheap/.test(q) ? 'price_asc' : 'relevance';
      const sort = (url.searchParams.get('sort') ?? wordsSort) as AiSearchResponse['interpretation']['sort'];
      const body: AiSearchResponse = {
        interpretation: {
          chips: wordsSort === 'price_asc' ? [SORT_CHIP] : [],
          keywords: ['boots'],
          relatedTerms: [],
          minPrice: null,
          maxPrice: null,
          category: null,
          condition: null,
          sort,
          attributes: [],
          corrections: [],
          isSemanticallyRanked: false,
        },
        items: [...LISTINGS].sort(ORDERS[sort]),
        pagination: { page: Number(url.searchParams.get('page') ?? 1), limit: 24, totalItems: 3, totalPages: 1 },
      };
      return jsonResponse(200, body);
    };
  }
  const cardTitles = () =>
    screen.getAllByRole('listitem').flatMap((item) =>
      within(item)
        .queryAllByRole('heading')
        .map((heading) => heading.textContent),
    );
  const sortBy = () => screen.getByRole('combobox', { name: 'Sort by' });

  it('offers relevance first and the sorts the search accepts, the top-rated among them, and keeps the choice in the URL through Back and reload', async () => {
    const calls: URL[] = [];
    const { user, router, unmount } = renderApp('/ai-search-results?q=boots&page=2', { api: sortingServer(calls) });

    expect(await screen.findByRole('link', { name: /Suede Desert Boots/ })).toBeInTheDocument();
    expect(sortBy()).toHaveValue('relevance');
    expect(
      within(sortBy())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Relevance', 'Price: low to high', 'Price: high to low', 'Newest', 'Highest rated']);
    expect(calls[0]?.searchParams.has('sort')).toBe(false);

    await user.selectOptions(sortBy(), 'Highest rated');
    // Asked of the server, kept in the address, and back to the first page.
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('sort')).toBe('rating'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('sort')).toBe('rating');
    expect(search.get('q')).toBe('boots');
    expect(search.has('page')).toBe(false);
    await waitFor(() => expect(cardTitles()[0]).toBe('Suede Desert Boots'));
    expect(cardTitles()).toEqual(['Suede Desert Boots', 'Leather Chelsea Boots', 'Leather Hiking Boots']);
    expect(sortBy()).toHaveValue('rating');

    await user.selectOptions(sortBy(), 'Price: high to low');
    await waitFor(() => expect(cardTitles()[0]).toBe('Leather Chelsea Boots'));
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('price_desc');

    // Back returns to the previous choice and its order…
    await router.navigate(-1);
    await waitFor(() => expect(sortBy()).toHaveValue('rating'));
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('rating');
    expect(cardTitles()[0]).toBe('Suede Desert Boots');
    // …and choosing Relevance again leaves the address as it was without a choice.
    await user.selectOptions(sortBy(), 'Relevance');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).has('sort')).toBe(false));
    expect(sortBy()).toHaveValue('relevance');
    unmount();

    // A reload of a sorted address sorts the same way from the first request.
    const reloaded: URL[] = [];
    renderApp('/ai-search-results?q=boots&sort=rating', { api: sortingServer(reloaded) });
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Boots/ }).length).toBeGreaterThan(0));
    expect(reloaded[0]?.searchParams.get('sort')).toBe('rating');
    expect(sortBy()).toHaveValue('rating');
    expect(cardTitles()[0]).toBe('Suede Desert Boots');
  });

  it('shows the sort the words asked for, and a chosen relevance is asked for by name and drops the words’ Sort chip', async () => {
    const calls: URL[] = [];
    const { user, router } = renderApp('/ai-search-results?q=cheap%20boots', { api: sortingServer(calls) });

    expect(await screen.findByRole('link', { name: /Suede Desert Boots/ })).toBeInTheDocument();
    expect(sortBy()).toHaveValue('price_asc');
    expect(within(screen.getByLabelText('What we understood')).getByText('Cheapest first')).toBeInTheDocument();

    await user.selectOptions(sortBy(), 'Relevance');
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('sort')).toBe('relevance'));
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('relevance');
    await waitFor(() => expect(sortBy()).toHaveValue('relevance'));
    expect(screen.queryByText('Cheapest first')).not.toBeInTheDocument();
  });

  it('has nothing to sort before a query is typed', async () => {
    renderApp('/ai-search-results', { api: sortingServer([]) });
    expect(await screen.findByText('Try one of these')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();
  });
});

describe('the shop header search box', () => {
  it('sends a plain-language query to the AI search results from any shop page', async () => {
    logInAs('buyer');
    const calls: URL[] = [];
    const { user, router } = renderApp('/products', { api: searchServer(calls) });

    await user.type(await screen.findByRole('searchbox', { name: 'Search the shop' }), 'leather bots{Enter}');
    expect(router.state.location.pathname).toBe('/ai-search-results');
    expect(router.state.location.search).toBe('?q=leather%20bots');
  });
});
