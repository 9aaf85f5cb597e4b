import { userKey } from '#functions/contracts/keys/identity-keys';
import type { UserRecord } from '#functions/contracts/seed-records';
import { createPrng, type Prng } from './prng';

/**
 * The sandbox's users, the same on every run. Rules (also in docs/sandbox.md): ids 1..20; user 1 is
 * the administrator (a right carried by the token, `npm run token -- --sub 1 --admin`: the
 * record itself is an ordinary one); users 2..20 are customers. Each lives in one of the
 * catalogue's countries, with a phone number and an address of that country; the username is
 * `first.last` without accents and the e-mail address `<username>@example.com` (or `.org`).
 */
export const USER_COUNT = 20;
export const ADMIN_USER_ID = 1;
export const CUSTOMER_IDS: readonly number[] = Array.from({ length: USER_COUNT - 1 }, (_, i) => i + 2);

type CountryId = 'FR' | 'DE' | 'ES' | 'IT' | 'GB' | 'US';

interface City {
  readonly name: string;
  readonly country: CountryId;
  /** Area code of a landline in that city, after the country code. */
  readonly areaCode: string;
  readonly zipCode: (rng: Prng) => string;
}

/** A subscriber number: `count` digits, the first never 0 or 1 (a trunk or service prefix). */
const subscriber = (rng: Prng, count: number) =>
  Array.from({ length: count }, (_, i) => rng.int(i === 0 ? 2 : 0, 9)).join('');
const pad = (value: number, width: number) => String(value).padStart(width, '0');
const letter = (rng: Prng) => 'ABDEFGHJLNPQRSTUWXYZ'[rng.int(0, 19)]!;

const cities = {
  paris: { name: 'Paris', country: 'FR', areaCode: '1', zipCode: (r) => `750${pad(r.int(1, 20), 2)}` },
  lyon: { name: 'Lyon', country: 'FR', areaCode: '4', zipCode: (r) => `6900${r.int(1, 9)}` },
  bordeaux: { name: 'Bordeaux', country: 'FR', areaCode: '5', zipCode: () => '33000' },
  marseille: {
    name: 'Marseille',
    country: 'FR',
    areaCode: '4',
    zipCode: (r) => `130${pad(r.int(1, 16), 2)}`,
  },
  berlin: { name: 'Berlin', country: 'DE', areaCode: '30', zipCode: (r) => `10${pad(r.int(115, 999), 3)}` },
  munich: { name: 'München', country: 'DE', areaCode: '89', zipCode: (r) => `80${pad(r.int(331, 999), 3)}` },
  hamburg: { name: 'Hamburg', country: 'DE', areaCode: '40', zipCode: (r) => `20${pad(r.int(95, 999), 3)}` },
  madrid: { name: 'Madrid', country: 'ES', areaCode: '91', zipCode: (r) => `280${pad(r.int(1, 55), 2)}` },
  barcelona: {
    name: 'Barcelona',
    country: 'ES',
    areaCode: '93',
    zipCode: (r) => `080${pad(r.int(1, 42), 2)}`,
  },
  valencia: { name: 'Valencia', country: 'ES', areaCode: '96', zipCode: (r) => `460${pad(r.int(1, 26), 2)}` },
  milan: { name: 'Milano', country: 'IT', areaCode: '02', zipCode: (r) => `201${pad(r.int(21, 62), 2)}` },
  rome: { name: 'Roma', country: 'IT', areaCode: '06', zipCode: (r) => `001${pad(r.int(18, 99), 2)}` },
  turin: { name: 'Torino', country: 'IT', areaCode: '011', zipCode: (r) => `101${pad(r.int(21, 56), 2)}` },
  london: {
    name: 'London',
    country: 'GB',
    areaCode: '20',
    zipCode: (r) =>
      `${r.pick(['N', 'NW', 'SE', 'SW', 'W', 'WC'])}${r.int(1, 9)} ${r.int(1, 9)}${letter(r)}${letter(r)}`,
  },
  manchester: {
    name: 'Manchester',
    country: 'GB',
    areaCode: '161',
    zipCode: (r) => `M${r.int(1, 20)} ${r.int(1, 9)}${letter(r)}${letter(r)}`,
  },
  edinburgh: {
    name: 'Edinburgh',
    country: 'GB',
    areaCode: '131',
    zipCode: (r) => `EH${r.int(1, 17)} ${r.int(1, 9)}${letter(r)}${letter(r)}`,
  },
  newYork: { name: 'New York', country: 'US', areaCode: '212', zipCode: (r) => `100${pad(r.int(1, 40), 2)}` },
  chicago: { name: 'Chicago', country: 'US', areaCode: '312', zipCode: (r) => `606${pad(r.int(1, 61), 2)}` },
  arlington: {
    name: 'Arlington',
    country: 'US',
    areaCode: '703',
    zipCode: (r) => `222${pad(r.int(1, 13), 2)}`,
  },
  sanFrancisco: {
    name: 'San Francisco',
    country: 'US',
    areaCode: '415',
    zipCode: (r) => `941${pad(r.int(2, 34), 2)}`,
  },
} satisfies Record<string, City>;

/** Street names, and how a street address is written, per country. */
const streets: Record<CountryId, { names: readonly string[]; write: (n: number, name: string) => string }> = {
  FR: {
    names: ['rue de Rivoli', 'avenue Victor Hugo', 'rue des Lilas', 'boulevard Voltaire', 'rue Pasteur'],
    write: (n, name) => `${n} ${name}`,
  },
  DE: {
    names: ['Hauptstraße', 'Lindenallee', 'Schillerstraße', 'Goethestraße', 'Gartenweg'],
    write: (n, name) => `${name} ${n}`,
  },
  ES: {
    names: ['Calle Mayor', 'Avenida de la Constitución', 'Calle del Sol', 'Paseo de la Castellana'],
    write: (n, name) => `${name}, ${n}`,
  },
  IT: {
    names: ['Via Roma', 'Corso Garibaldi', 'Via Dante', 'Via dei Mille', 'Piazza Cavour'],
    write: (n, name) => `${name} ${n}`,
  },
  GB: {
    names: ['High Street', 'Church Road', 'Station Road', 'Victoria Street', 'Park Lane'],
    write: (n, name) => `${n} ${name}`,
  },
  US: {
    names: ['Main Street', 'Oak Avenue', 'Maple Drive', 'Washington Street', 'Lake Shore Drive'],
    write: (n, name) => `${n} ${name}`,
  },
};

/** Country calling code, and the leading digits of a mobile number after it. */
const phonePlans: Record<CountryId, { code: string; mobile: readonly string[]; length: number }> = {
  FR: { code: '33', mobile: ['6', '7'], length: 9 },
  DE: { code: '49', mobile: ['151', '160', '170', '176'], length: 11 },
  ES: { code: '34', mobile: ['6', '7'], length: 9 },
  IT: { code: '39', mobile: ['320', '333', '347', '380'], length: 10 },
  GB: { code: '44', mobile: ['7700', '7911', '7400'], length: 10 },
  US: { code: '1', mobile: [], length: 10 },
};

/** E.164: `+`, the country code and the national number, no spaces. */
const phoneNumbers = (rng: Prng, city: City) => {
  const plan = phonePlans[city.country];
  const national = (prefix: string) =>
    `+${plan.code}${prefix}${subscriber(rng, plan.length - prefix.length)}`;
  // North American mobiles share the area codes of landlines.
  const mobilePrefix = plan.mobile.length > 0 ? rng.pick(plan.mobile) : city.areaCode;
  return { home: national(city.areaCode), mobile: national(mobilePrefix) };
};

const people: readonly (readonly [first: string, last: string, city: City])[] = [
  ['Ada', 'Lovelace', cities.london],
  ['Claire', 'Martin', cities.paris],
  ['Jonas', 'Becker', cities.berlin],
  ['Lucía', 'García', cities.madrid],
  ['Marco', 'Rossi', cities.milan],
  ['Emily', 'Clarke', cities.manchester],
  ['James', 'Miller', cities.newYork],
  ['Camille', 'Bernard', cities.lyon],
  ['Lena', 'Schulz', cities.munich],
  ['Pablo', 'Fernández', cities.barcelona],
  ['Giulia', 'Ferrari', cities.rome],
  ['Oliver', 'Smith', cities.edinburgh],
  ['Sophia', 'Johnson', cities.chicago],
  ['Hugo', 'Petit', cities.bordeaux],
  ['Felix', 'Wagner', cities.hamburg],
  ['Carmen', 'López', cities.valencia],
  ['Luca', 'Romano', cities.turin],
  ['Grace', 'Hopper', cities.arlington],
  ['Noah', 'Williams', cities.sanFrancisco],
  ['Amélie', 'Dubois', cities.marseille],
];

/** `Lucía García` → `lucia.garcia`. */
const usernameOf = (first: string, last: string) =>
  `${first}.${last}`
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z.]/g, '');

/** One generator per user, so changing one user's rules does not reshuffle the others. */
const userRng = (id: number) => createPrng(0x05e40000 + id * 6151);

export const seedUsers = (): UserRecord[] =>
  people.map(([firstName, lastName, city], i) => {
    const id = i + 1;
    const rng = userRng(id);
    const username = usernameOf(firstName, lastName);
    const street = streets[city.country];
    return {
      id,
      username,
      firstName,
      lastName,
      email: `${username}@${id % 3 === 0 ? 'example.org' : 'example.com'}`,
      phone: phoneNumbers(rng, city),
      address: {
        street: street.write(rng.int(1, 180), rng.pick(street.names)),
        zipCode: city.zipCode(rng),
        city: city.name,
      },
    };
  });

/** The table items of the users. */
export const userItems = (users: readonly UserRecord[]): Record<string, unknown>[] =>
  users.map((user) => ({ ...userKey(user.id), ...user }));
