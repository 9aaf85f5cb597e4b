/** Environment variable carrying the batch queue's URL to the function that sends to it. */
export const BATCH_QUEUE_URL_ENV = 'BATCH_QUEUE_URL';
