/**
 * One cold start: a fresh `node` (the project's node 24) imports a bundle and serves one
 * invocation of an event; the figure is the time from the spawn to the invocation's answer,
 * which the child writes to fd 3 as soon as the handler settles. The child is plain JavaScript
 * (`RUNNER`, written to a file by the caller), so it is node and the bundle alone, as on Lambda.
 */
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import type { FunctionBundle } from './bundles';
import { projectNode } from './support';

/** Plain JavaScript, so the child is node and the bundle alone, as on Lambda. */
export const RUNNER = `import { readFileSync, writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [bundle, eventFile, name] = process.argv.slice(2);
const event = JSON.parse(readFileSync(eventFile, 'utf8'));
const deadline = Date.now() + 10000;
const context = {
  callbackWaitsForEmptyEventLoop: true,
  functionName: name,
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:' + name,
  memoryLimitInMB: '512',
  awsRequestId: 'bench-cold-start-' + process.pid,
  logGroupName: '/aws/lambda/' + name,
  logStreamName: 'bench',
  getRemainingTimeInMillis: () => deadline - Date.now(),
};
let answer;
let imported;
try {
  const { handler } = await import(pathToFileURL(bundle).href);
  imported = performance.now();
  const result = await handler(event, context);
  answer = { ok: true, status: result && typeof result === 'object' ? result.statusCode : undefined };
} catch (error) {
  answer = { ok: false, error: String(error && error.name) + ': ' + String(error && error.message).slice(0, 200) };
}
// The child's own clock starts with the process: how much of the time was the import.
writeSync(3, JSON.stringify({ ...answer, importedMs: imported, answeredMs: performance.now() }) + '\\n');
process.exit(0);
`;

export interface Answer {
  readonly ok: boolean;
  readonly status?: number;
  readonly error?: string;
  /** On the child's clock (from its start): import done, answer ready. */
  readonly importedMs?: number;
  readonly answeredMs: number;
}

export interface Run {
  readonly ms: number;
  readonly answer: Answer;
}

/** One fresh process: spawn, import, one invocation; the time until its answer arrives. */
export const coldRun = (runner: string, bundle: FunctionBundle, eventFile: string, env: NodeJS.ProcessEnv) =>
  new Promise<Run>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(projectNode, [runner, bundle.file, eventFile, bundle.name], {
      cwd: path.dirname(bundle.file),
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    let answered: Run | undefined;
    let answerText = '';
    let output = '';
    child.stdio[3]!.on('data', (chunk: Buffer) => {
      answerText += chunk.toString();
      if (!answered && answerText.includes('\n')) {
        answered = { ms: performance.now() - started, answer: JSON.parse(answerText) as Answer };
      }
    });
    child.stdout!.on('data', () => {});
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (answered) resolve(answered);
      else reject(new Error(`${bundle.name} gave no answer (exit ${code}):\n${output}`));
    });
  });
