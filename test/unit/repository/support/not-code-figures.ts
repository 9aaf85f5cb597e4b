/**
 * Figures of the readers' pages that are not the code's to state, each with why: what was
 * measured (it changes with the machine, and is dated by its page), what AWS or a library fixes,
 * an example's output, and the templates' figures, which test/infra/resource-budget.test.ts holds.
 * doc-figures.test.ts accepts a number with a unit inside one of these sentences; any other must
 * be a figure of the code (code-figures-*.ts).
 */
import type { OtherFigure } from './doc-figure';

export const otherFigures: readonly OtherFigure[] = [
  {
    why: 'measured: how long a first start, the tests, a bundle or a PDF took on this machine',
    said: [
      /\(\d+–\d+ s measured on fresh clones; later starts \d+–\d+ s\)/,
      /Measured on 2 cores: unit and infra \d+ s, e2e \d+ s \(plus about half a minute for the seed cache on a fresh clone\), e2e-slow \d+ s/,
      /\d+–\d+ s to Ready measured on fresh clones \([\d.]+ s before docs\/decisions\/sandbox-and-tools\.md D99\), \d+–\d+ s with 3,000 seed orders\. Later fresh starts copy the cache \(about \d+ ms\); a start of a kept state takes \d+–\d+ s/,
      /\(10,000 rows: [\d.]+ s, \d+ MB with one `drawText` per cell\)/,
      /about \d+ KB: `dist\/`, the README/,
      /bundles to [\d.]+ KB with openapi-fetch/,
      /leave about [\d.]+ GB of state and a process of about [\d.]+ GB/,
    ],
  },
  {
    why: "AWS's own limits, enforced by API Gateway itself",
    said: [/10 MB (?:in AWS|\(API Gateway\))/],
  },
  {
    why: "middy's own: it answers 5 ms before the timeout by default (`timeoutEarlyInMillis`)",
    said: [/still running \d+ ms before the function's timeout/],
  },
  {
    why: "an example of the command's output",
    said: [/`1 item written, [\d,]+ unchanged`/],
  },
  {
    why: 'the templates: test/infra/resource-budget.test.ts measures them and holds these sentences to the counts',
    said: [/keep every stack under \d+ resources up to \d+ routes/, /, measured, \d+ with 100 routes/],
  },
];
