/** The e2e harness's sandbox: a child process like `npm start`, on free ports (local/sandbox-child.ts). */
import { type SandboxChild, startSandboxChild, stopSandboxChild } from '../../../local/sandbox-child';

export type SandboxProcess = SandboxChild;

export const startSandboxProcess = (
  stateDir: string,
  { timeoutMs = 60_000, reset = true }: { timeoutMs?: number; reset?: boolean } = {},
): Promise<SandboxProcess> => startSandboxChild(stateDir, { timeoutMs, reset });

export const stopSandboxProcess = stopSandboxChild;
