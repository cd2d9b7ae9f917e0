/**
 * The AI search results' address for a query. Its own module because the header's search box, on
 * every shop page, needs only this, not the suggestions the results page draws.
 */
export const searchPath = '/ai-search-results';
export const searchPathFor = (query: string) => `${searchPath}?q=${encodeURIComponent(query)}`;
