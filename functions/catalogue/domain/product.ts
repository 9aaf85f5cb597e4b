import { fieldNames } from '#commons/field-names';
import type { Translation } from '#commons/language-negotiation';
import type { Translated } from '#commons/languages';
import type { Money } from '#commons/money';

export const PRODUCT_TYPES = ['book', 'computer'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export interface BookDetails {
  readonly publisher: string;
  readonly translator: string | null;
  readonly backCover: Translated;
}

export interface ComputerDetails {
  readonly screenSize: string;
  readonly ram: string;
  readonly cpu: string;
}

/** A product as the catalogue holds it: every translation, every country price. */
export interface ProductRecord {
  readonly id: number;
  readonly type: ProductType;
  readonly brand: string;
  readonly businessUnit: string;
  readonly label: Translated;
  readonly title: Translated;
  readonly description: Translated;
  readonly images: readonly string[];
  readonly height: string;
  readonly width: string;
  readonly weight: string;
  readonly author: string | null;
  /** Price outside any country, in the catalogue's base currency. */
  readonly basePrice: Money;
  /** Price in each country where the product is sold (ISO 3166 code → price in its currency). */
  readonly prices: Readonly<Record<string, Money>>;
  readonly ratings: { readonly average: number; readonly count: number };
  readonly book?: BookDetails;
  readonly computer?: ComputerDetails;
}

/** The single-product view (`GET /products/{id}`): the spec's fields plus `type` and `brand` (docs/decisions/http-requests.md D9). */
export const productView = (p: ProductRecord, translation: Translation) => ({
  id: p.id,
  type: p.type,
  brand: p.brand,
  business_unit: p.businessUnit,
  label: translation.of(p.label, 'label'),
  title: translation.of(p.title, 'title'),
  description: translation.of(p.description, 'description'),
  images: [...p.images],
  height: p.height,
  width: p.width,
  weight: p.weight,
  author: p.author,
});

export const technicalInfoView = (p: ProductRecord) => ({
  id: p.id,
  type: p.type,
  height: p.height,
  width: p.width,
  weight: p.weight,
  ...(p.computer ? { screen_size: p.computer.screenSize, ram: p.computer.ram, cpu: p.computer.cpu } : {}),
});

export const ratingsView = (p: ProductRecord) => ({
  id: p.id,
  average: p.ratings.average,
  count: p.ratings.count,
});

export const imagesView = (p: ProductRecord) => ({ id: p.id, images: [...p.images] });

export const bookView = (p: ProductRecord, translation: Translation) => {
  if (p.type !== 'book' || !p.book) return undefined;
  return {
    id: p.id,
    title: translation.of(p.title, 'title'),
    author: p.author,
    publisher: p.book.publisher,
    translator: p.book.translator,
    back_cover: translation.of(p.book.backCover, 'back_cover'),
  };
};

export const computerView = (p: ProductRecord, translation: Translation) => {
  if (p.type !== 'computer' || !p.computer) return undefined;
  return {
    id: p.id,
    title: translation.of(p.title, 'title'),
    brand: p.brand,
    screen_size: p.computer.screenSize,
    ram: p.computer.ram,
    cpu: p.computer.cpu,
  };
};

const viewFields = <V extends (...args: never[]) => unknown>() => fieldNames<NonNullable<ReturnType<V>>>();

export const PRODUCT_FIELDS = viewFields<typeof productView>()([
  'id',
  'type',
  'brand',
  'business_unit',
  'label',
  'title',
  'description',
  'images',
  'height',
  'width',
  'weight',
  'author',
]);
export const TECHNICAL_INFO_FIELDS = viewFields<typeof technicalInfoView>()([
  'id',
  'type',
  'height',
  'width',
  'weight',
  'screen_size',
  'ram',
  'cpu',
]);
export const RATINGS_FIELDS = viewFields<typeof ratingsView>()(['id', 'average', 'count']);
export const IMAGES_FIELDS = viewFields<typeof imagesView>()(['id', 'images']);
export const BOOK_FIELDS = viewFields<typeof bookView>()([
  'id',
  'title',
  'author',
  'publisher',
  'translator',
  'back_cover',
]);
export const COMPUTER_FIELDS = viewFields<typeof computerView>()([
  'id',
  'title',
  'brand',
  'screen_size',
  'ram',
  'cpu',
]);
