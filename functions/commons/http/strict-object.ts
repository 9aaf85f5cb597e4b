import * as v from 'valibot';

/**
 * valibot's strict object, refusing an array as JSON Schema's `object` does: valibot takes any
 * value of type `object`, so `[]` would pass for an object whose members are all optional (the
 * search criteria, a price range), and `[…]` for one with required members would fail on a
 * missing member rather than on its type, naming the wrong field (docs/decisions/functions-and-bundles.md D37).
 */
export function strictObject<const E extends v.ObjectEntries>(entries: E): v.StrictObjectSchema<E, undefined>;
export function strictObject<
  const E extends v.ObjectEntries,
  const M extends v.ErrorMessage<v.StrictObjectIssue>,
>(entries: E, message: M): v.StrictObjectSchema<E, M>;
export function strictObject(entries: v.ObjectEntries, message?: v.ErrorMessage<v.StrictObjectIssue>) {
  const schema = v.strictObject(entries, message);
  const run = schema['~run'];
  // `~run` is how valibot runs every schema (its `~standard.validate` and `safeParse` look it up).
  return Object.assign(schema, {
    '~run': (dataset: v.UnknownDataset, config: v.Config<v.BaseIssue<unknown>>) => {
      if (!Array.isArray(dataset.value)) return run.call(schema, dataset, config);
      v._addIssue(schema, 'type', dataset, config);
      return dataset as unknown as ReturnType<typeof run>;
    },
  });
}
