import { processChunk } from '../batch-service';
import { dynamoDbBatchStore } from '../store/dynamodb-batch-store';
import { chunkRecordsHandler } from './chunk-records';

/** The batch queue's consumer: applies each chunk's items and records its result once. */
export const handler = chunkRecordsHandler((message) =>
  processChunk(dynamoDbBatchStore, message, new Date()),
);
