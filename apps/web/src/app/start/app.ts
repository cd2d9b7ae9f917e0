/**
 * The app's start as one entry of the build (main.tsx imports it once the page's first photos are shown): its
 * store, its router and React's DOM, with the libraries they need, are the `app` and `vendor` chunks.
 */
export { prepareState } from './state';
export { createAppRouter } from '../router';
export { mount } from './mount';
