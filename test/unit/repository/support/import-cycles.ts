/**
 * The import cycles of a set of files: each group of files that reach one another through their
 * imports (a strongly connected component, found by Tarjan's algorithm), with the imports that
 * close it, so a failure names every file and every arrow to cut.
 */

export interface ImportCycle {
  /** The files of the cycle, sorted. */
  readonly files: readonly string[];
  /** The imports between them, `from → to`, sorted: what must change to break it. */
  readonly imports: readonly string[];
}

export function importCycles(
  files: readonly string[],
  imports: readonly { readonly from: string; readonly to: string }[],
): ImportCycle[] {
  const graph = new Map(files.map((file) => [file, new Set<string>()]));
  for (const { from, to } of imports) if (graph.has(to)) graph.get(from)?.add(to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: ImportCycle[] = [];
  const connect = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file)!) {
      if (!index.has(next)) connect(next);
      if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, low.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = new Set<string>();
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.add(member);
    } while (member !== file);
    if (component.size === 1 && !graph.get(file)!.has(file)) return;
    found.push({
      files: [...component].sort(),
      imports: [...component]
        .flatMap((from) =>
          [...graph.get(from)!].filter((to) => component.has(to)).map((to) => `${from} → ${to}`),
        )
        .sort(),
    });
  };
  for (const file of files) if (!index.has(file)) connect(file);
  return found.sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}
