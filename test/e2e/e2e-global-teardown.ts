import { rmSync } from 'node:fs';
import { E2E_SANDBOX } from './support/sandbox-handle';
import type { SandboxProcess } from './support/sandbox-process';
import { stopSandboxProcess } from './support/sandbox-process';

/** Stops the sandbox of e2e-global-setup.ts (same process) and removes its state directory. */
export default async function globalTeardown(): Promise<void> {
  const sandbox = (globalThis as Record<symbol, unknown>)[E2E_SANDBOX] as SandboxProcess | undefined;
  if (!sandbox) return;
  await stopSandboxProcess(sandbox.child);
  rmSync(sandbox.stateDir, { recursive: true, force: true });
}
