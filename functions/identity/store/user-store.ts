import type { Address, UserRecord } from '../domain/user';

/** The identity port: what the user handlers need from storage. */
export interface UserStore {
  getUser(id: number): Promise<UserRecord | undefined>;
  /** Replaces the address of an existing user; false when there is no such user. */
  replaceAddress(id: number, address: Address): Promise<boolean>;
  /** Replaces the e-mail address of an existing user; false when there is no such user. */
  replaceEmail(id: number, email: string): Promise<boolean>;
}
