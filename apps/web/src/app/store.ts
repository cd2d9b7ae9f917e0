import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { cartReducer } from '../features/cart/slice';
import { unreadMessagesReducer } from '../features/chat/unread-slice';
import { wishlistReducer } from '../features/wishlist/slice';
import { api, type ApiExtra } from '../lib/api';

/**
 * A fresh store per call so each test starts empty; the app makes one in main.tsx, the server one per page
 * it renders, with its own way to the API (`extra.fetch`, lib/api.ts).
 */
export function makeStore(extra: ApiExtra = {}, extraMiddleware: Middleware[] = []) {
  return configureStore({
    // docs/product/data.md: the cart, the wishlist and the unread message counts are Redux slices, mirrored from the server's answers.
    reducer: { [api.reducerPath]: api.reducer, cart: cartReducer, wishlist: wishlistReducer, unreadMessages: unreadMessagesReducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: { extraArgument: extra } }).concat(...extraMiddleware, api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
