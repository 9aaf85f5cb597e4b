import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { EventOutcome } from '#functions/contracts/event-messages';
import { outcomeOfItem } from '#functions/contracts/event-messages';
import { outcomeKey } from '#functions/contracts/keys/outcome-keys';
import type { EventsResources } from './events-target';

/** BatchGetItem takes at most 100 keys a call. */
const BATCH_GET_KEYS = 100;
/** Unprocessed keys (throttling) are asked again this many times before the rest waits for the next poll. */
const ATTEMPTS = 3;

/**
 * The outcome items of these event ids (docs/decisions/order-and-user-events.md D78), read with the caller's credentials
 * (eventually consistent: half a read unit each; a poll that misses the latest write sees it at
 * the next one). Event ids without an item are absent from the answer.
 */
export async function readOutcomes(
  { doc, tableName }: Pick<EventsResources, 'doc' | 'tableName'>,
  eventIds: readonly string[],
): Promise<Map<string, EventOutcome>> {
  const found = new Map<string, EventOutcome>();
  for (let start = 0; start < eventIds.length; start += BATCH_GET_KEYS) {
    let keys: Record<string, unknown>[] = eventIds.slice(start, start + BATCH_GET_KEYS).map(outcomeKey);
    for (let attempt = 0; attempt < ATTEMPTS && keys.length > 0; attempt++) {
      const { Responses, UnprocessedKeys } = await doc.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys } } }),
      );
      for (const item of Responses?.[tableName] ?? []) {
        const outcome = outcomeOfItem(item);
        if (outcome) found.set(outcome.eventId, outcome);
      }
      keys = UnprocessedKeys?.[tableName]?.Keys ?? [];
    }
  }
  return found;
}
