import * as path from 'node:path';
import { parseSandboxOptions } from '#local/sandbox-options';
import { DEFAULT_STATE_DIR } from '#local/state-dir';

describe('npm start options', () => {
  it('default to port 3000 and .sandbox/ in the repository', () => {
    expect(parseSandboxOptions([], {})).toEqual({
      reset: false,
      help: false,
      port: 3000,
      stateDir: DEFAULT_STATE_DIR,
    });
    expect(DEFAULT_STATE_DIR).toBe(path.resolve(__dirname, '..', '..', '..', '.sandbox'));
  });

  it('take the port from PORT, and --port over PORT; 0 means any free port', () => {
    expect(parseSandboxOptions([], { PORT: '8080' }).port).toBe(8080);
    expect(parseSandboxOptions(['--port', '0'], { PORT: '8080' }).port).toBe(0);
  });

  it('resolve --state-dir and read --reset', () => {
    expect(parseSandboxOptions(['--reset', '--state-dir', 'tmp/x'], {})).toMatchObject({
      reset: true,
      stateDir: path.resolve('tmp/x'),
    });
  });

  it('refuse a port that is not one, and unknown options', () => {
    expect(() => parseSandboxOptions(['--port', 'abc'], {})).toThrow(/--port must be a port number/);
    expect(() => parseSandboxOptions([], { PORT: '70000' })).toThrow(/PORT must be a port number/);
    expect(() => parseSandboxOptions(['--rest'], {})).toThrow();
  });
});
