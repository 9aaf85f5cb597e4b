import { countMetric } from '#commons/metrics';
import { productKey, stockItemKey, stockKey } from '#functions/contracts/keys/catalogue-keys';
import { METRIC_NAMES } from '#functions/contracts/metric-names';
import {
  CHUNK_ITEMS,
  chunked,
  type PlannedVersion,
  PROGRESS_EVERY,
  PUBLISH_ERRORS,
  PublishError,
  type PublishRequest,
  REFUSALS,
} from '#functions/contracts/publish-workflow-contract';
import { diffCatalogue } from '../domain/catalogue-diff';
import { catalogueLanguages, catalogueLines, type LineError, parseCatalogue } from '../domain/catalogue-file';
import { CATALOGUE_LAYOUT } from '../domain/catalogue-layout';
import { isLive, stockId } from '../domain/catalogue-manifest';
import { stockSnapshotOf, updateStockSnapshot } from '../domain/search-document';
import { searchSnapshotOf } from '../domain/search-snapshot';
import { parseStockFile } from '../domain/stock-file';
import { catalogueItems } from '../store/catalogue-items';
import { itemId, type PublishDeps, type VersionItem } from './publish-ports';
import { busyMessage, started, updateRecord, what } from './publish-records';
import { activeVersionFile } from './upgrade-service';
import { leftoverAbove, liveManifest, sharesItems } from './version-contents';

/*
 * The publish workflow's steps (docs/decisions/catalogue-versions.md D48): each is one task of the state machine and
 * may run again (a retry, a redelivery) without doing its work twice.
 */
export type { PublishDeps } from './publish-ports';

/** Refuses the file: the record keeps the first errors, the execution fails with a summary. */
const refuseFile = async (
  deps: PublishDeps,
  request: PublishRequest,
  errors: readonly LineError[],
  lines: number,
): Promise<never> => {
  const message = `The file was refused: ${errors.length} error(s) in ${lines} line(s); nothing of it was applied`;
  await updateRecord(deps, request, {
    status: 'FAILED',
    finishedAt: deps.now().toISOString(),
    error: PUBLISH_ERRORS.invalid,
    message,
    errors,
    lines,
  });
  const first = errors
    .slice(0, 3)
    .map((e) => `line ${e.line}: ${e.message}`)
    .join('; ');
  throw new PublishError(PUBLISH_ERRORS.invalid, `${message}. ${first}`);
};

/**
 * Takes the stage's publish lock for the run, or refuses it at once, naming the run that holds
 * it. A lock its own command claimed before the upload (docs/decisions/catalogue-versions.md D79) is taken over.
 */
export async function acquirePublishLock(deps: PublishDeps, request: PublishRequest) {
  const now = deps.now();
  const holder = await deps.store.acquireLock(request.publishId, request.kind, now);
  if (holder && holder.publishId !== request.publishId) {
    const message = busyMessage(holder, request.kind);
    await deps.store.putRecord({
      ...started(now, request),
      status: 'REFUSED',
      finishedAt: now.toISOString(),
      error: PUBLISH_ERRORS.busy,
      message,
    });
    throw new PublishError(PUBLISH_ERRORS.busy, message);
  }
  // A step run again keeps the start its first run recorded.
  if (!(await deps.store.record(request.publishId))) await deps.store.putRecord(started(now, request));
  return { acquired: true };
}

/**
 * Validates the whole file, then lays the new version out in numbered files of CHUNK_ITEMS
 * items, in this code's layout: its reference data and, of the products and stock levels, only
 * what changed since the active version (docs/decisions/catalogue-versions.md D90), with its manifest, its
 * catalogue copy and its search snapshot beside them. The version is the publish id, so a failed
 * publish knows what to remove. An upgrade's file is the active version's own, read back from
 * its files (D73); everything after that is the same as for an upload.
 */
export async function planVersion(deps: PublishDeps, request: PublishRequest): Promise<PlannedVersion> {
  const text =
    request.kind === 'upgrade' ? await activeVersionFile(deps) : await deps.files.readUpload(request.key);
  const parsed = parseCatalogue(text);
  if (!parsed.ok) return refuseFile(deps, request, parsed.errors, parsed.lines);
  const version = request.publishId;
  // A retried plan keeps its generation: the items it may have written already are at it.
  const generation = (await deps.store.version(version))?.generation ?? (await deps.store.nextGeneration());
  const active = await deps.store.active();
  const previous = active?.version;
  const activeRecord = active && sharesItems(active) ? await deps.store.version(active.version) : undefined;
  const live = activeRecord && (await liveManifest(deps, activeRecord));
  const rewrite = live && (await leftoverAbove(deps, live.generation, version, activeRecord.version));
  const diff = diffCatalogue(parsed.catalogue, generation, live, rewrite ? { rewrite } : {});
  const items = catalogueItems(version, generation, parsed.catalogue.reference, diff) as VersionItem[];
  const chunks = chunked(items, CHUNK_ITEMS);
  const languages = catalogueLanguages(parsed.catalogue);
  // Recorded before the files, so a removal after a failure finds every file there may be.
  await deps.store.putVersion({
    version,
    files: chunks.length,
    planFiles: chunks.length,
    layout: CATALOGUE_LAYOUT,
    generation,
    languages,
  });
  for (const batch of chunked(
    chunks.map((chunk, i) => [i + 1, chunk] as const),
    4,
  )) {
    await Promise.all(batch.map(([file, chunk]) => deps.files.writeVersionFile(version, file, chunk)));
  }
  await deps.files.writeManifest(version, diff.manifest);
  await deps.files.writeCatalogueCopy(version, catalogueLines(parsed.catalogue));
  const { products, stocks } = parsed.catalogue;
  await deps.files.writeSearchSnapshot(
    version,
    searchSnapshotOf(products, languages),
    stockSnapshotOf(stocks),
  );
  return {
    version,
    layout: CATALOGUE_LAYOUT,
    generation,
    languages,
    ...(previous !== undefined ? { previous } : {}),
    chunks: chunks.map((_, i) => i + 1),
    // items: what this version wrote; unchanged: products and stock levels it reads where they are.
    counts: { ...parsed.counts, items: items.length, unchanged: diff.unchanged },
  };
}

export async function writeVersionChunk(deps: PublishDeps, input: { version: string; chunk: number }) {
  const items = await deps.files.readVersionFile(input.version, input.chunk);
  const written = await deps.store.writeChunk(input.version, input.chunk, items, PROGRESS_EVERY);
  return { chunk: input.chunk, items: items.length, written };
}

/**
 * The switch: one conditional write, on the version the plan saw still being active. Then the
 * record and the lock, which a retry does again (both writes are idempotent).
 */
export async function switchActiveVersion(
  deps: PublishDeps,
  request: PublishRequest & { plan: PlannedVersion },
) {
  const { plan } = request;
  const publishedAt = deps.now().toISOString();
  const switched = await deps.store.switchActive(
    {
      version: plan.version,
      publishedAt,
      publishId: request.publishId,
      counts: plan.counts,
      layout: plan.layout,
      ...(plan.generation !== undefined ? { generation: plan.generation } : {}),
      ...(plan.languages !== undefined ? { languages: plan.languages } : {}),
    },
    plan.previous,
  );
  // A retry of a switch that went through finds its own version active: done already.
  if (!switched && (await deps.store.active())?.version !== plan.version) {
    throw new PublishError(
      PUBLISH_ERRORS.conflict,
      'The active catalogue changed while this publish ran; it was not switched. Publish again.',
    );
  }
  await updateRecord(deps, request, {
    status: 'SUCCEEDED',
    finishedAt: publishedAt,
    version: plan.version,
    counts: plan.counts,
    layout: plan.layout,
    message: undefined,
  });
  await deps.store.releaseLock(request.publishId);
  return { switched: true };
}

/** Which products a version of layouts 1–3 has, asked of the table (it has no manifest). */
const productsInTable = async (
  deps: PublishDeps,
  version: string,
  updates: readonly { readonly productId: number }[],
) => {
  const products = [...new Set(updates.map((u) => u.productId))];
  const existing = await deps.store.existingItems(products.map((id) => productKey(version, id)));
  return (productId: number) => existing.has(itemId(productKey(version, productId)));
};

/** A stock file, applied in place to the active version; the file's keys join the version's plan. */
export async function applyStockFile(deps: PublishDeps, request: PublishRequest) {
  const parsed = parseStockFile(await deps.files.readUpload(request.key));
  if (!parsed.ok) return refuseFile(deps, request, parsed.errors, parsed.lines);
  const active = await deps.store.active();
  if (!active) {
    return refuseFile(
      deps,
      request,
      [{ line: 1, message: 'no catalogue has been published to this stage yet' }],
      0,
    );
  }
  const record = sharesItems(active) ? await deps.store.version(active.version) : undefined;
  const live = record && (await liveManifest(deps, record));
  if (sharesItems(active) && !live) throw new Error(`Version ${active.version} has no manifest`);
  const known = live
    ? (productId: number) => isLive(live.products[String(productId)])
    : await productsInTable(deps, active.version, parsed.updates);
  const unknown = parsed.updates
    .map((update, i) => ({ update, line: i + 1 }))
    .filter(({ update }) => !known(update.productId))
    .map(({ update, line }) => ({
      line,
      message: `product ${update.productId} is not in the active catalogue`,
    }));
  if (unknown.length > 0) return refuseFile(deps, request, unknown.slice(0, 20), parsed.updates.length);
  const updatedAt = deps.now().toISOString();
  const stocks = parsed.updates.map((u) => ({ ...u, updatedAt }));
  // Layout 4: at the version's generation, over the item it read (docs/decisions/catalogue-versions.md D90).
  const items = stocks.map((stock) => ({
    ...(live
      ? stockItemKey(stock.productId, stock.locationId, live.generation)
      : stockKey(active.version, stock.productId, stock.locationId)),
    ...stock,
  }));
  // A (product, location) the version did not have adds to its counts (docs/decisions/catalogue-versions.md D79).
  const added = live
    ? new Set(stocks.filter((s) => !isLive(live.stocks[stockId(s)])).map(stockId)).size
    : await (async () => {
        const had = await deps.store.existingItems(items);
        return items.filter((item) => !had.has(itemId(item))).length;
      })();
  // The keys join the version's plan before they are written, so its removal finds them all.
  const file = await deps.store.addVersionFile(active.version);
  await deps.files.writeVersionFile(active.version, file, items);
  await deps.store.putItems(items);
  // The search reads stock from the snapshot (docs/decisions/search-engine.md D68): rewritten after the items, under the lock.
  const stock = await deps.files.readStockSnapshot(active.version);
  await deps.files.writeStockSnapshot(active.version, updateStockSnapshot(stock, stocks));
  if (added > 0) await deps.store.addActiveCounts(active.version, { stocks: added, items: added });
  const counts = { stocks: stocks.length };
  await updateRecord(deps, request, {
    status: 'SUCCEEDED',
    finishedAt: deps.now().toISOString(),
    version: active.version,
    counts,
  });
  await deps.store.releaseLock(request.publishId);
  return { version: active.version, counts };
}

/**
 * After any failure: the record says why (keeping a refusal's line errors), and the lock is
 * released. A failure that is not a refusal the operator was told of is counted first, whatever
 * happens next: the publish alarm (docs/decisions/catalogue-versions.md D73).
 */
export async function recordPublishFailure(
  deps: PublishDeps,
  request: PublishRequest & { error: string; cause?: string },
) {
  if (!REFUSALS.includes(request.error)) countMetric(METRIC_NAMES.cataloguePublishesFailed);
  const known = await deps.store.record(request.publishId);
  if (!known || known.status === 'RUNNING') {
    await updateRecord(deps, request, {
      status: 'FAILED',
      finishedAt: deps.now().toISOString(),
      error: request.error,
      message: `The ${what(request.kind)} failed (${request.error}); the active catalogue is unchanged.`,
    });
  }
  await deps.store.releaseLock(request.publishId);
  return { version: request.publishId };
}
