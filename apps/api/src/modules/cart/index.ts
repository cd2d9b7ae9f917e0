// The cart module's public surface for other modules: checkout reads the priced cart through it.

export type { CartService, PricedCartLine } from './cart.service';
