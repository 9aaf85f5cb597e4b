import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readlinkSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';

/**
 * What `actions/checkout` gives a job, made from this working tree: a copy of every file git
 * would commit (tracked, or new and not ignored; as they are now, so a change can be tried before
 * it is committed). Nothing ignored comes along: no `node_modules`, `cdk.out`, `.sandbox` or other
 * leftovers of this machine, so a step that depends on one fails here as on a runner.
 */
export const checkOutInto = (workspace: string): void => {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  for (const file of new Set(listed.split('\0').filter(Boolean))) {
    const from = path.join(projectRoot, file);
    if (!existsSync(from)) continue; // deleted in the working tree, not yet in a commit
    const to = path.join(workspace, file);
    mkdirSync(path.dirname(to), { recursive: true });
    if (lstatSync(from).isSymbolicLink()) symlinkSync(readlinkSync(from), to);
    else copyFileSync(from, to);
  }
};

/**
 * What `npm ci` gives a job, without installing again: this project's node_modules, installed
 * from the same package-lock.json, linked into the workspace.
 */
export const linkDependencies = (workspace: string): void => {
  if (!existsSync(path.join(workspace, 'package-lock.json'))) {
    throw new Error('npm ci needs package-lock.json: no checkout before it?');
  }
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(workspace, 'node_modules'), 'dir');
};
