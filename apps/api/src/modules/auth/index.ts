// The auth module's public surface for other modules.

export { assertAcceptablePassword, hashPassword, verifyPassword } from './password';
export { createAuthService, type AuthService } from './auth.service';
export { createAccountLifecycleService, type AccountEmail, type AccountLifecycleService } from './account-lifecycle.service';
