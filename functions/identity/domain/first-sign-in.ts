import type { UserRecord } from './user';

/**
 * The user record a Cognito user gets at their first sign-in (docs/identity.md), from the pool's
 * attributes: the username, the integer id of `custom:user_id`, the e-mail address and, when the
 * administrator gave them, the names (`given_name`, `family_name`) and the mobile number
 * (`phone_number`, E.164). The address stays empty until the user PUTs one. None without a
 * user id (a user created without it has no API identity).
 */
export const firstSignInRecord = (
  userName: string,
  attributes: Readonly<Record<string, string | undefined>>,
): UserRecord | undefined => {
  const raw = attributes['custom:user_id'];
  if (!raw || !/^[1-9][0-9]{0,14}$/.test(raw)) return undefined;
  return {
    id: Number(raw),
    username: userName,
    firstName: attributes.given_name ?? '',
    lastName: attributes.family_name ?? '',
    email: attributes.email ?? '',
    phone: { home: '', mobile: attributes.phone_number ?? '' },
    address: { street: '', zipCode: '', city: '' },
  };
};
