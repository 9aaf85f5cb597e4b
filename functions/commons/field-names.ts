type Missing<T, K extends readonly string[]> = Exclude<keyof T, K[number]>;

/**
 * The names a view's `fields` parameter accepts, checked by the compiler to be exactly the
 * view's keys: a field added to a view and not here fails the type-check.
 */
export const fieldNames =
  <T>() =>
  <const K extends readonly (keyof T & string)[]>(
    names: [Missing<T, K>] extends [never] ? K : { missing: Missing<T, K> },
  ): K =>
    names as K;
