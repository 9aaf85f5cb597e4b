import { gcra } from '#commons/gcra';
import type { CallerLimitStore } from '#commons/store/caller-limit-store';

/**
 * The per-caller limits in memory, with the rules of the DynamoDB adapter: GCRA's decision and
 * the places held, taken together or not at all. `items` is the state by `<scope>#<user id>`.
 */
export const memoryCallerLimitStore = () => {
  const items = new Map<string, { tat?: number; holding: Set<string> }>();
  const itemOf = (key: string) => {
    const item = items.get(key) ?? { holding: new Set<string>() };
    items.set(key, item);
    return item;
  };
  const store: CallerLimitStore = {
    async take(scope, userId, { bucket, cost, nowMs, hold }) {
      const item = itemOf(`${scope}#${userId}`);
      const decision = gcra(item.tat, nowMs, bucket, cost);
      if (!decision.allowed || (hold && item.holding.size >= hold.max)) {
        return { taken: false, tat: item.tat, holding: [...item.holding] };
      }
      item.tat = decision.tat;
      if (hold) item.holding.add(hold.id);
      return { taken: true, startsAt: decision.startsAt };
    },
    async release(scope, userId, id) {
      items.get(`${scope}#${userId}`)?.holding.delete(id);
    },
  };
  return {
    store,
    items,
    holding: (scope: string, userId: number) => [...(items.get(`${scope}#${userId}`)?.holding ?? [])],
  };
};
