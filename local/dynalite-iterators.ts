import { createRequire } from 'node:module';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';

/**
 * dynalite 4.0.0 (the latest) reads LevelDB through streams whose `destroy()` closes their
 * iterator with `iterator.return()`, a method the iterators of abstract-level 3 (under `level` 10
 * and `memory-level` 3) do not have: every Query and Scan left its iterator open, attached to the
 * database until it closes. An open LevelDB iterator pins the memtables and table files of its
 * moment, so while a publish writes, each read kept what had been written so far, in memory and
 * on disk: two 10,000-product publishes left an 11.3 GB state directory and a 3.7 GB process,
 * which only a restart gave back (docs/decisions/sandbox-and-tools.md D81). Giving the iterators the `return()`
 * dynalite calls (it closes them, as an async iterator's `return` does) mends it where it is.
 */

interface ClosableIterator {
  close(): Promise<void>;
  return?: () => Promise<IteratorReturnResult<undefined>>;
}

/** What the mend and its test use of abstract-level. */
export interface AbstractLevelModule {
  readonly AbstractLevel: {
    prototype: { attachResource(resource: object): void; detachResource(resource: object): void };
  };
  readonly AbstractIterator: { prototype: object };
}

/** abstract-level as dynalite's LevelDB and in-memory stores load it (both, should they differ). */
export const dynaliteAbstractLevels = (): Set<AbstractLevelModule> => {
  const fromDynalite = createRequire(
    createRequire(path.join(projectRoot, 'package.json')).resolve('dynalite'),
  );
  const stores = [
    createRequire(createRequire(fromDynalite.resolve('level')).resolve('classic-level')),
    createRequire(fromDynalite.resolve('memory-level')),
  ];
  return new Set(stores.map((load) => load('abstract-level') as AbstractLevelModule));
};

let mended = false;

/** Makes dynalite's streams close their iterators; once a process, before dynalite serves. */
export function closeDynaliteIterators(): void {
  if (mended) return;
  mended = true;
  for (const { AbstractIterator } of dynaliteAbstractLevels()) {
    // The class that AbstractIterator, AbstractKeyIterator and AbstractValueIterator share.
    const prototype = Object.getPrototypeOf(AbstractIterator.prototype) as ClosableIterator;
    if (typeof prototype.return === 'function') continue;
    Object.defineProperty(prototype, 'return', {
      configurable: true,
      writable: true,
      async value(this: ClosableIterator) {
        await this.close();
        return { done: true, value: undefined };
      },
    });
  }
}
