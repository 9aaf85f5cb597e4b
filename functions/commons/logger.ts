import type { Context } from 'aws-lambda';
import { SERVICE_NAME, SERVICE_NAME_ENV } from '#functions/contracts/environment';

/**
 * The functions' structured logger: one JSON line per entry, with the keys Powertools Logger
 * writes (`level`, `message`, `timestamp`, `service`, `cold_start`, `function_name`,
 * `function_memory_size`, `function_arn`, `function_request_id`, `correlation_id`,
 * `xray_trace_id`), so CloudWatch Logs Insights queries and the runbook (docs/operations.md) read the same.
 *
 * Ours rather than Powertools Logger's (docs/decisions/functions-and-bundles.md D71): the HTTP functions use five of its
 * methods, and loading it (about 20 KB of minified code to compile, its configuration and
 * formatter set-up, its first line) cost each function about 3 ms of a cold start measured at
 * 100–110 ms, a third of what the cold-start budget leaves to our code (docs/performance.md "Budgets").
 *
 * The level threshold is Lambda's advanced logging control (`AWS_LAMBDA_LOG_LEVEL`) when set,
 * else `LOG_LEVEL` (the stack sets INFO, the sandbox WARN, unit tests SILENT), else INFO. Errors anywhere in the
 * extra keys are written as `{name, message, stack, cause}`: a bare Error serializes to `{}`.
 */

export type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';

/** Lambda's level names too (TRACE, FATAL), and SILENT (unit tests) above every level. */
const RANKS: Readonly<Record<string, number>> = {
  TRACE: 0,
  DEBUG: 0,
  INFO: 1,
  WARN: 2,
  ERROR: 3,
  FATAL: 3,
  SILENT: 4,
};

const thresholdOf = (env: NodeJS.ProcessEnv): number =>
  RANKS[(env.AWS_LAMBDA_LOG_LEVEL ?? env.LOG_LEVEL ?? 'INFO').toUpperCase()] ?? RANKS.INFO!;

/** Errors as data: their own fields are not enumerable, so JSON.stringify would write `{}`. */
const serializeErrors = (_key: string, value: unknown): unknown => {
  if (!(value instanceof Error)) return value;
  return {
    name: value.name,
    message: value.message,
    stack: value.stack,
    ...(value.cause !== undefined ? { cause: value.cause } : {}),
  };
};

/** Where the lines go; a parameter so that tests can read them. */
export type LogSink = (line: string) => void;

const toStdout: LogSink = (line) => {
  process.stdout.write(`${line}\n`);
};

export class Logger {
  readonly #service: string;
  #threshold: number;
  readonly #sink: LogSink;
  #coldStart = true;
  /** The invocation's Lambda context keys and correlation id, replaced at each invocation. */
  #invocation: Record<string, unknown> = {};
  /** Keys added with appendKeys, on every line until removed. */
  readonly #keys = new Map<string, unknown>();

  constructor(options: { readonly env?: NodeJS.ProcessEnv; readonly sink?: LogSink } = {}) {
    const env = options.env ?? process.env;
    this.#service = env[SERVICE_NAME_ENV] ?? SERVICE_NAME;
    this.#threshold = thresholdOf(env);
    this.#sink = options.sink ?? toStdout;
  }

  /** Changes the threshold, by the same names as the variables (a test that must see every line). */
  setLogLevel(level: string): void {
    this.#threshold = RANKS[level.toUpperCase()] ?? this.#threshold;
  }

  /** Takes the invocation's Lambda context; the first one of the execution environment is its cold start. */
  addContext(context: Context): void {
    this.#invocation = {
      cold_start: this.#coldStart,
      function_arn: context.invokedFunctionArn,
      function_memory_size: context.memoryLimitInMB,
      function_name: context.functionName,
      function_request_id: context.awsRequestId,
    };
    this.#coldStart = false;
  }

  /** The id that ties the lines of one request together (API Gateway's request id). */
  setCorrelationId(id: string | undefined): void {
    if (id === undefined) delete this.#invocation.correlation_id;
    else this.#invocation.correlation_id = id;
  }

  appendKeys(keys: Readonly<Record<string, unknown>>): void {
    for (const [key, value] of Object.entries(keys)) this.#keys.set(key, value);
  }

  removeKeys(keys: readonly string[]): void {
    for (const key of keys) this.#keys.delete(key);
  }

  debug(message: string, extra?: Readonly<Record<string, unknown>> | Error): void {
    this.#write('DEBUG', message, extra);
  }

  info(message: string, extra?: Readonly<Record<string, unknown>> | Error): void {
    this.#write('INFO', message, extra);
  }

  warn(message: string, extra?: Readonly<Record<string, unknown>> | Error): void {
    this.#write('WARN', message, extra);
  }

  error(message: string, extra?: Readonly<Record<string, unknown>> | Error): void {
    this.#write('ERROR', message, extra);
  }

  #write(
    level: LogLevel,
    message: string,
    extra: Readonly<Record<string, unknown>> | Error | undefined,
  ): void {
    if (RANKS[level]! < this.#threshold) return;
    const traceId = process.env._X_AMZN_TRACE_ID?.match(/Root=([^;]+)/)?.[1];
    const line = {
      level,
      message,
      timestamp: new Date().toISOString(),
      service: this.#service,
      ...this.#invocation,
      ...(traceId ? { xray_trace_id: traceId } : {}),
      ...Object.fromEntries(this.#keys),
      ...(extra instanceof Error ? { error: extra } : extra),
    };
    this.#sink(JSON.stringify(line, serializeErrors));
  }
}

/** The functions' one logger (Lambda runs one invocation at a time per execution environment). */
export const logger = new Logger();
