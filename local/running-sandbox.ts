import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { isRunning, processIdentity } from './process-identity';
import { registerSandbox, registryEntries, sandboxRegistryDir, unregisterSandbox } from './sandbox-registry';
import { DEFAULT_STATE_DIR, readJson, statePaths } from './state-dir';

/**
 * What `sandbox.json` says of the sandbox running on a state directory: where each of its
 * servers is, for `npm run invoke`, the tests and the benchmarks.
 */
export interface RunningSandbox {
  /** `http://127.0.0.1:<port>/v1` */
  readonly url: string;
  readonly pid: number;
  /** When that process started (local/process-identity.ts): a pid alone may be another process's by now. */
  readonly started: string;
  readonly dynamodbEndpoint: string;
  readonly tableName: string;
  /** fauxqs's endpoint and the batch queues on it. */
  readonly sqsEndpoint: string;
  readonly batchQueueUrl: string;
  readonly deadLetterQueueUrl: string;
  /** s3rver's endpoint and the bucket of the report PDFs. */
  readonly s3Endpoint: string;
  readonly reportBucket: string;
  /** The Step Functions endpoint and the report state machine's ARN on it. */
  readonly sfnEndpoint: string;
  readonly reportStateMachineArn: string;
  /** The Secrets Manager endpoint that holds the webhook stage key (its value is in no file but its own). */
  readonly secretsManagerEndpoint: string;
  /** The EventBridge endpoint (PutEvents) of the stage's bus, `commerce-api-sandbox`. */
  readonly eventsEndpoint: string;
  /** The events queue and its dead-letter queue on fauxqs (`npm run events -- dead-letters`, `redrive`). */
  readonly eventsQueueUrl: string;
  readonly eventsDeadLetterQueueUrl: string;
  /** The catalogue import bucket (on s3rver) and the publish state machine's ARN. */
  readonly catalogueBucket: string;
  readonly catalogueStateMachineArn: string;
}

/** The servers of a sandbox, without the API's URL and the process: what the functions' environment is made from. */
export type SandboxServers = Omit<RunningSandbox, 'url' | 'pid' | 'started'>;

/** The sandbox serving this state directory, if one is running. */
export const runningSandbox = (stateDir: string): RunningSandbox | undefined => {
  const running = readJson<RunningSandbox>(statePaths(stateDir).running);
  return running && isRunning(running) ? running : undefined;
};

/** Writes sandbox.json for the sandbox process `running.pid` (running now), then the registry's entry (which names the state directory). */
export const writeRunningSandbox = (stateDir: string, running: Omit<RunningSandbox, 'started'>) => {
  const named: RunningSandbox = { ...running, ...processIdentity(running.pid) };
  writeFileSync(statePaths(stateDir).running, `${JSON.stringify(named, null, 2)}\n`);
  registerSandbox({ pid: running.pid, stateDir });
};

/** A running sandbox and the state directory it runs on. */
export interface FoundSandbox extends RunningSandbox {
  readonly stateDir: string;
}

/** The sandboxes of this checkout that are running (their entries in the registry, checked against their sandbox.json). */
export function runningSandboxes(registryDir = sandboxRegistryDir()): FoundSandbox[] {
  return registryEntries(registryDir, (file) => readJson(file)).flatMap((entry) => {
    const running = runningSandbox(entry.stateDir);
    if (running?.pid === entry.pid && running.started === entry.started)
      return [{ ...running, stateDir: entry.stateDir }];
    if (!isRunning(entry)) unregisterSandbox(entry.pid, registryDir);
    return [];
  });
}

/** A directory as a person typed it: relative to the working directory when it is below it. */
export const shownDir = (dir: string): string => {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : dir;
};

const listed = (sandboxes: readonly FoundSandbox[]) =>
  sandboxes.map((s) => `${shownDir(s.stateDir)} (${s.url})`).join(', ');

/**
 * The sandbox a command acts on (docs/decisions/sandbox-and-tools.md D80): the one running on `stateDir`; when that is
 * the default (no --state-dir) and none runs there, the only one running from this checkout.
 * Otherwise a message saying which run, and to name one with --state-dir.
 */
export function findRunningSandbox(
  stateDir: string,
  { defaultStateDir = DEFAULT_STATE_DIR, registryDir = sandboxRegistryDir() } = {},
): { readonly sandbox: FoundSandbox } | { readonly problem: string } {
  const here = runningSandbox(stateDir);
  if (here) return { sandbox: { ...here, stateDir } };
  const others = runningSandboxes(registryDir).filter(
    (s) => path.resolve(s.stateDir) !== path.resolve(stateDir),
  );
  const where = `No sandbox runs on ${shownDir(stateDir)}`;
  if (path.resolve(stateDir) === path.resolve(defaultStateDir)) {
    if (others.length === 1) return { sandbox: others[0]! };
    if (others.length === 0) {
      return {
        problem: `${where}, nor on any other directory: start one with \`npm start\` (--state-dir DIR for another directory).`,
      };
    }
    return {
      problem: `${where}; ${others.length} run on others: ${listed(others)}.\nName one with --state-dir DIR.`,
    };
  }
  return {
    problem:
      others.length === 0
        ? `${where} (--state-dir): start one there with \`npm start -- --state-dir ${shownDir(stateDir)}\`.`
        : `${where} (--state-dir); ${others.length === 1 ? 'one runs' : `${others.length} run`} on ${listed(others)}.\n` +
          'Name that directory with --state-dir DIR, or start one with `npm start -- --state-dir DIR`.',
  };
}
