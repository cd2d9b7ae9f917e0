/**
 * The AI search results' address for a query. Its own module because the header's search box, on
 * every shop page, needs only this, not the suggestions the results page draws.
 */
export const searchPathFor = (query: string) => `/ai-search-results?q=${encodeURIComponent(query)}`;
