/**
 * How a command finds the running sandbox (docs/decisions/sandbox-and-tools.md D80): the one on its state directory;
 * given none (the default directory), the only one running from this checkout; else a message
 * that names --state-dir and the ones that run.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { processStart } from '#local/process-identity';
import { findRunningSandbox, type RunningSandbox } from '#local/running-sandbox';
import { registerSandbox } from '#local/sandbox-registry';

let root: string;
let registryDir: string;
let defaultStateDir: string;
/** A process id that is not running: beyond Linux's largest. */
const DEAD_PID = 4_194_305;

/** A state directory with a sandbox.json of `pid`, registered in the test's registry. */
const sandboxOn = (name: string, pid = process.pid, port = 3000) => {
  const stateDir = path.join(root, name);
  mkdirSync(stateDir, { recursive: true });
  const running = { url: `http://127.0.0.1:${port}/v1`, pid, started: processStart(pid) } as RunningSandbox;
  writeFileSync(path.join(stateDir, 'sandbox.json'), JSON.stringify(running));
  registerSandbox({ pid, stateDir }, registryDir);
  return stateDir;
};
const find = (stateDir: string) => findRunningSandbox(stateDir, { defaultStateDir, registryDir });

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'sandbox-lookup-'));
  registryDir = path.join(root, 'registry');
  defaultStateDir = path.join(root, '.sandbox');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('findRunningSandbox', () => {
  it('finds the sandbox running on the state directory it is given', () => {
    const stateDir = sandboxOn('a');
    expect(find(stateDir)).toEqual({
      sandbox: expect.objectContaining({ stateDir, url: 'http://127.0.0.1:3000/v1' }),
    });
  });

  it('without --state-dir, finds the only sandbox running, on another directory', () => {
    const stateDir = sandboxOn('elsewhere');
    expect(find(defaultStateDir)).toEqual({ sandbox: expect.objectContaining({ stateDir }) });
  });

  it('without --state-dir and with none running, says so and names --state-dir', () => {
    const found = find(defaultStateDir);
    expect(found).toEqual({ problem: expect.stringContaining('--state-dir') });
    expect(found).toEqual({ problem: expect.stringContaining('npm start') });
  });

  it('without --state-dir and with several running, names each and asks for --state-dir', () => {
    const a = sandboxOn('a', process.pid, 3001);
    const b = sandboxOn('b', process.ppid, 3002);
    const { problem } = find(defaultStateDir) as { problem: string };
    expect(problem).toContain(`${a} (http://127.0.0.1:3001/v1)`);
    expect(problem).toContain(`${b} (http://127.0.0.1:3002/v1)`);
    expect(problem).toContain('--state-dir DIR');
  });

  it('with a --state-dir where none runs, refuses and names the one that runs', () => {
    const running = sandboxOn('a');
    const { problem } = find(path.join(root, 'empty')) as { problem: string };
    expect(problem).toMatch(/^No sandbox runs on .*empty \(--state-dir\); one runs on /);
    expect(problem).toContain(running);
  });

  it('ignores and removes the entry of a sandbox that was killed', () => {
    sandboxOn('killed', DEAD_PID);
    expect(find(defaultStateDir)).toEqual({ problem: expect.stringContaining('--state-dir') });
    expect(readdirSync(registryDir)).toEqual([]);
  });

  it('ignores and removes the entry of a sandbox whose pid another process now has', () => {
    // Written by a sandbox that started at another time: the pid is alive, but it is not that sandbox.
    const stateDir = sandboxOn('reused', process.ppid);
    const reused = { pid: process.ppid, started: `${processStart(process.ppid)}-before`, stateDir };
    writeFileSync(path.join(registryDir, `${process.ppid}.json`), JSON.stringify(reused));
    writeFileSync(
      path.join(stateDir, 'sandbox.json'),
      JSON.stringify({ url: 'http://127.0.0.1:3000/v1', ...reused }),
    );
    expect(find(stateDir)).toEqual({ problem: expect.stringContaining('No sandbox runs on') });
    expect(find(defaultStateDir)).toEqual({ problem: expect.stringContaining('--state-dir') });
    expect(readdirSync(registryDir)).toEqual([]);
  });
});
