// The users module's public surface for other modules.

export {
  findActiveAdmins,
  findContactWithDefaultAddress,
  findDefaultAddressOf,
  findPeople,
  findShippingContactOf,
  type PersonRecord,
} from './people.repository';
export { likePatternOf, type UserRecord } from './users.repository';
// A buyer's saved address as a checkout's or a product page's destination (the delivery module).
export { findAddressOfUser } from './addresses.repository';
export { fullNameOf } from './users.service';
export { createUsersService, toUserDto, type PasswordRules, type UserActivity, type UsersService } from './users.service';
// The lookups sign-up and sign-in need (the auth module); the users table stays this module's.
export { findUserByEmail, findUserById, insertUser, isShopNameTakenError } from './users.repository';
// A shop's name is its own (sign-up checks a new seller's; the profile a changed one).
export { assertShopNameFree, shopNameTaken } from './shop-names';
// …and the account lifecycle's writes of it: sessions ended, a reset password, a verified address.
export { endSessionsOfUser, replacePasswordEndingSessions, setVerifiedEmail } from './users.repository';
// A shop's vacation: the cart and the checkout refuse a shop that is away; the shop page shows it.
export { vacationOf, type VacationService } from './vacation.service';
