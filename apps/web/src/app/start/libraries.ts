/**
 * The libraries of the app's start (React's DOM, the router, the store), evaluated in a task of their own before
 * the app's own modules (main.tsx): on a phone the two together were one task of ≈ 0.4 s at 4× CPU. React's DOM
 * and the router are evaluated before, each in a task of its own (./react-dom.ts, ./router-library.ts): what is
 * left here is the store's libraries.
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
export { jsx } from 'react/jsx-runtime';
export { Provider } from 'react-redux';
export { RouterProvider } from 'react-router/dom';
