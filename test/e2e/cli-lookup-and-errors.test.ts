/**
 * The command line tools as a person runs them (docs/decisions/sandbox-and-tools.md D80): without --state-dir they find
 * the sandbox that runs (here the e2e one, on a temporary directory) or say which run and name
 * --state-dir; `token` prints a token that sandbox accepts, or none (and makes no key); and each
 * mistake of the issue (a missing file, a directory, UTF-16, bytes that are not UTF-8, a deployed
 * stage without AWS settings) is one or two lines, exit 1, no stack trace.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';
import { runningSandbox } from '#local/running-sandbox';
import { registerSandbox } from '#local/sandbox-registry';
import { DEFAULT_STATE_DIR } from '#local/state-dir';
import { placed } from '../unit/events/event-fixtures';
import { checkedFetch } from './support/api-contract';
import { type CliRun, runProgram } from './support/cli-run';
import { sandboxStateDir } from './support/tokens';

let scratch: string;
/** A registry that holds the e2e sandbox alone, and one that holds none. */
let registry: string;
let emptyRegistry: string;

/** `npm run <script> -- …` as npm runs it (tsx on the project's Node), with no AWS settings. */
const run = (script: string, args: readonly string[], registryDir = registry): Promise<CliRun> => {
  const bin = path.join(projectRoot, 'node_modules', '.bin');
  const env: NodeJS.ProcessEnv = {
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    HOME: scratch,
    AWS_CONFIG_FILE: path.join(scratch, 'no-config'),
    AWS_SHARED_CREDENTIALS_FILE: path.join(scratch, 'no-credentials'),
    SANDBOX_REGISTRY_DIR: registryDir,
  };
  return runProgram(path.join(bin, 'tsx'), [script, ...args], { env, timeout: 60_000 });
};

const file = (name: string, bytes: Buffer | string) => {
  const at = path.join(scratch, name);
  writeFileSync(at, bytes);
  return at;
};

/** One or two lines on stderr, none of them a stack frame. */
const expectShortError = (result: CliRun, message: RegExp | string) => {
  expect(result.code).toBe(1);
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines.length).toBeLessThanOrEqual(2);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.stderr.trimEnd()).toMatch(message);
};

/** A developer's own `npm start` on .sandbox/ is what a command without --state-dir uses first. */
const defaultSandbox = () => runningSandbox(DEFAULT_STATE_DIR);

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'cli-lookup-'));
  registry = path.join(scratch, 'registry');
  emptyRegistry = path.join(scratch, 'empty-registry');
  const e2e = runningSandbox(sandboxStateDir())!;
  registerSandbox({ pid: e2e.pid, stateDir: sandboxStateDir() }, registry);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm run token', () => {
  it('without --state-dir prints a token the sandbox that runs accepts', async () => {
    const result = await run('bin/token.ts', ['--sub', '2']);
    expect(result.code).toBe(0);
    const url = defaultSandbox()?.url ?? runningSandbox(sandboxStateDir())!.url;
    const me = await checkedFetch(`${url}/@me`, {
      headers: { Authorization: `Bearer ${result.stdout.trim()}` },
    });
    expect(me.status).toBe(200);
  });

  it('with a --state-dir where no sandbox runs prints no token, says so, and makes no key there', async () => {
    const stateDir = mkdtempSync(path.join(scratch, 'state-'));
    const result = await run('bin/token.ts', ['--sub', '2', '--state-dir', stateDir]);
    expect(result.stdout).toBe('');
    expectShortError(result, /No sandbox runs on .*--state-dir/);
    expect(existsSync(path.join(stateDir, 'issuer-key.json'))).toBe(false);
  });
});

describe('npm run catalogue and events without --state-dir', () => {
  it('find the only sandbox running, on another directory', async () => {
    const result = await run('bin/catalogue.ts', ['status']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Active version /);
    if (!defaultSandbox()) expect(result.stderr).toContain(`Using the sandbox on ${sandboxStateDir()}`);
  });

  it('with none running, say so and name --state-dir', async () => {
    const catalogue = await run('bin/catalogue.ts', ['status'], emptyRegistry);
    const events = await run('bin/events.ts', ['send', file('one.jsonl', '{}\n')], emptyRegistry);
    if (defaultSandbox()) return expect(catalogue.code).toBe(0);
    for (const result of [catalogue, events]) expectShortError(result, /No sandbox runs on .*--state-dir/);
  });
});

describe('a file the command cannot take', () => {
  const cases: [string, () => string, RegExp][] = [
    [
      'a missing file',
      () => path.join(scratch, 'missing.jsonl'),
      /missing\.jsonl does not exist: check the path\.$/,
    ],
    ['a directory', () => scratch, /is a directory: give the path of a file\.$/],
    [
      'a UTF-16 file',
      () =>
        file(
          'utf16.jsonl',
          Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"id":1}\n{"id":2}\n', 'utf16le')]),
        ),
      /utf16\.jsonl is UTF-16, not UTF-8: save it as UTF-8\.$/,
    ],
    [
      'a file with bytes that are not UTF-8',
      () => file('latin1.jsonl', Buffer.from('{"id":1,"label":"Café"}\n', 'latin1')),
      /latin1\.jsonl is not UTF-8 \(line 1 .*\): save it as UTF-8\.$/,
    ],
  ];
  it.each(cases)(
    '%s: catalogue publish and events send say what is wrong in one line, exit 1',
    async (_, at, message) => {
      const stateDir = ['--state-dir', sandboxStateDir()];
      expectShortError(await run('bin/catalogue.ts', ['publish', at(), ...stateDir]), message);
      expectShortError(await run('bin/events.ts', ['send', at(), ...stateDir]), message);
    },
  );
});

describe('a deployed stage without AWS settings', () => {
  it('says which setting to give, in one line, for catalogue and events', async () => {
    const events = file(
      'placed.jsonl',
      `${JSON.stringify({ 'detail-type': 'order.placed', detail: placed() })}\n`,
    );
    expectShortError(await run('bin/catalogue.ts', ['status', '--stage', 'dev']), /AWS_REGION/);
    expectShortError(await run('bin/events.ts', ['send', events, '--stage', 'dev']), /AWS_REGION/);
  });

  it('prints the stack with --debug', async () => {
    const result = await run('bin/catalogue.ts', ['status', '--stage', 'dev', '--debug']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^\s+at /m);
  });
});
