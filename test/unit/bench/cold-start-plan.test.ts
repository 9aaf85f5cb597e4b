import { COLD_START_ROUNDS, coldStartPlan, roundMayStart } from '#bench/cold-start-plan';

const names = ['get-product', 'list-products', 'authorizer'];

describe('the cold-start plan', () => {
  it('measures every HTTP function in COLD_START_ROUNDS rounds unless told otherwise', () => {
    const plan = coldStartPlan(names, {});
    expect(plan.rounds).toBe(COLD_START_ROUNDS);
    expect(names.every((n) => plan.measured(n))).toBe(true);
  });

  it('measures a short run of the functions named, in the rounds given', () => {
    const plan = coldStartPlan(names, {
      BENCH_COLD_ROUNDS: '5',
      BENCH_COLD_FUNCTIONS: 'get-product, authorizer',
    });
    expect(plan.rounds).toBe(5);
    expect(names.filter((n) => plan.measured(n))).toEqual(['get-product', 'authorizer']);
  });

  it('says what is wrong with a round count or a function name, and what to give', () => {
    expect(() => coldStartPlan(names, { BENCH_COLD_ROUNDS: '2' })).toThrow(
      `BENCH_COLD_ROUNDS is 2: give a whole number of rounds, 3 or more, or unset it for ${COLD_START_ROUNDS}`,
    );
    expect(() => coldStartPlan(names, { BENCH_COLD_ROUNDS: 'ten' })).toThrow(/BENCH_COLD_ROUNDS is ten/);
    expect(() => coldStartPlan(names, { BENCH_COLD_FUNCTIONS: 'get-produkt' })).toThrow(
      'BENCH_COLD_FUNCTIONS names get-produkt, no HTTP function; there are: get-product, list-products, authorizer',
    );
  });

  it('starts no round after 22 minutes, but always the first three', () => {
    const minute = 60_000;
    expect(roundMayStart(40, 0, 22 * minute)).toBe(true);
    expect(roundMayStart(40, 0, 22 * minute + 1)).toBe(false);
    expect(roundMayStart(2, 0, 60 * minute)).toBe(true);
  });
});
