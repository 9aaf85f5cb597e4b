import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { e2eTestCommands, ensureTestCommands } from '../support/debian-packages';
import { E2E_SANDBOX } from './support/sandbox-handle';
import { startSandboxProcess } from './support/sandbox-process';

/**
 * Starts one sandbox for the e2e project, on a free port and a new state directory seeded
 * from scratch. Tests find it through SANDBOX_URL (workers inherit the environment set here).
 */
export default async function globalSetup(): Promise<void> {
  ensureTestCommands(e2eTestCommands); // pdftotext for the reports, Chromium for the reference page
  const stateDir = mkdtempSync(path.join(tmpdir(), 'commerce-api-e2e-'));
  const sandbox = await startSandboxProcess(stateDir);
  process.env.SANDBOX_URL = sandbox.url;
  process.env.SANDBOX_STATE_DIR = stateDir;
  (globalThis as Record<symbol, unknown>)[E2E_SANDBOX] = sandbox;
}
