import { Logger } from '@aws-lambda-powertools/logger';

/** JSON lines with the service name, the Lambda context and the request's correlation id. */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'commerce-api' });
