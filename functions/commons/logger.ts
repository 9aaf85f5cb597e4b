import { Logger } from '@aws-lambda-powertools/logger';
import { SERVICE_NAME, SERVICE_NAME_ENV } from './environment';

/** JSON lines with the service name, the Lambda context and the request's correlation id. */
export const logger = new Logger({ serviceName: process.env[SERVICE_NAME_ENV] ?? SERVICE_NAME });
