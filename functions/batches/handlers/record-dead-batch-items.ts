import { chunkRecordsHandler } from '../chunk-records';
import { recordDeadChunk } from '../services/batch-processing-service';
import { dynamoDbBatchStore } from '../store/dynamodb-batch-store';

/**
 * The dead-letter queue's consumer: a chunk that failed every delivery is recorded with all its
 * items in `errors`, so its batch still completes. A message that is not a chunk at all cannot
 * be attributed to a batch: it fails here too and stays in the dead-letter queue, where the
 * depth alarm shows it.
 */
export const handler = chunkRecordsHandler((message) =>
  recordDeadChunk(dynamoDbBatchStore, message, new Date()),
);
