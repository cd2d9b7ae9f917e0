/**
 * React and its DOM, the largest of the start's libraries: the page's script evaluates them in a task of their own
 * (main.tsx), before the router and the store's libraries (./libraries.ts).
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
export { jsx } from 'react/jsx-runtime';
