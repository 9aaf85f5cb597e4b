import { matchesPattern, UnsupportedPattern } from '#local/events/event-pattern';

const event = {
  source: 'commerce.orders',
  'detail-type': 'order.placed',
  resources: ['arn:a', 'arn:b'],
  detail: { status: 'paid', total: { currency: 'EUR' }, tags: ['gift'] },
};

describe('the sandbox’s event pattern matching', () => {
  it('matches a field against any of its literals, every field of the pattern', () => {
    expect(matchesPattern({ source: ['commerce.users', 'commerce.orders'] }, event)).toBe(true);
    expect(matchesPattern({ source: ['commerce.orders'], 'detail-type': ['order.placed'] }, event)).toBe(
      true,
    );
    expect(matchesPattern({ source: ['commerce.orders'], 'detail-type': ['user.updated'] }, event)).toBe(
      false,
    );
    expect(matchesPattern({ source: ['Commerce.Orders'] }, event)).toBe(false);
  });

  it('matches nested objects field by field, and an array value by any element', () => {
    expect(matchesPattern({ detail: { total: { currency: ['EUR'] } } }, event)).toBe(true);
    expect(matchesPattern({ detail: { tags: ['gift'] }, resources: ['arn:b'] }, event)).toBe(true);
    expect(matchesPattern({ detail: { total: { currency: ['GBP'] } } }, event)).toBe(false);
    expect(matchesPattern({ detail: { missing: { deeper: ['x'] } } }, event)).toBe(false);
  });

  it('knows prefix, exists and anything-but', () => {
    expect(matchesPattern({ source: [{ prefix: 'commerce.' }] }, event)).toBe(true);
    expect(
      matchesPattern({ detail: { status: [{ 'anything-but': ['pending', 'cancelled'] }] } }, event),
    ).toBe(true);
    expect(matchesPattern({ detail: { status: [{ 'anything-but': 'paid' }] } }, event)).toBe(false);
    expect(matchesPattern({ detail: { sentOn: [{ exists: false }] } }, event)).toBe(true);
    expect(matchesPattern({ detail: { status: [{ exists: true }] } }, event)).toBe(true);
  });

  it('refuses a filter it does not know rather than matching differently from AWS', () => {
    expect(() => matchesPattern({ detail: { n: [{ numeric: ['>', 1] }] } }, event)).toThrow(
      UnsupportedPattern,
    );
  });
});
