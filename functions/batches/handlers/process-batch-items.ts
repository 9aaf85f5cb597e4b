import { chunkRecordsHandler } from '../chunk-records';
import { processChunk } from '../services/batch-processing-service';
import { dynamoDbBatchStore } from '../store/dynamodb-batch-store';

/** The batch queue's consumer: applies each chunk's items and records its result once. */
export const handler = chunkRecordsHandler((message) =>
  processChunk(dynamoDbBatchStore, message, new Date()),
);
