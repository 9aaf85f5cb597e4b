export interface Address {
  readonly street: string;
  readonly zipCode: string;
  readonly city: string;
}

export interface Phone {
  readonly home: string;
  readonly mobile: string;
}

/** A user as stored: the spec's user record plus the username of the profile. */
export interface UserRecord {
  readonly id: number;
  readonly username: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: Phone;
  readonly address: Address;
}

/** The profile (`/profiles/{id}`, `/profile/@me`, `/users/@me/profile`). */
export const profileView = (u: UserRecord) => ({ id: u.id, username: u.username });

/** The implicit `/profile` form: the username only, no id (spec). */
export const implicitProfileView = (u: UserRecord) => ({ username: u.username });

export const addressView = (a: Address) => ({ street: a.street, zip_code: a.zipCode, city: a.city });

/** The spec's user record (`/@me`). */
export const userRecordView = (u: UserRecord) => ({
  id: u.id,
  first_name: u.firstName,
  last_name: u.lastName,
  email: u.email,
  phone: { home: u.phone.home, mobile: u.phone.mobile },
  address: addressView(u.address),
});
