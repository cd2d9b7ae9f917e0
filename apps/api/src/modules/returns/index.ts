// The returns module's public surface for other modules.

export { hasOpenReturn, openReturnIdOf } from './returns.repository';
export type { ReturnsService } from './returns.service';
