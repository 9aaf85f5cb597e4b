import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { AwsCustomResource } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { CATALOGUE_ENV } from '#functions/contracts/environment';
import { PUBLISH_TIMING } from '#functions/contracts/publish-workflow-contract';
import { catalogueFunctions } from '#functions/function-registry';
import { ApiFunction } from './api-function';
import { CatalogueImportBucket } from './catalogue-import-bucket';
import { publishDefinition } from './catalogue-publish-definition';
import { catalogueUpgradeTrigger } from './catalogue-upgrade-trigger';
import { functionEntry } from './project-paths';
import { routeFunctionName } from './resource-names';
import { SEARCH_MEMORY_MB } from './search-functions';
import type { StageSettings } from './stage';
import { workflowStateMachine } from './workflow-state-machine';

export interface CataloguePublishingProps {
  readonly settings: StageSettings;
  readonly table: ITable;
}

/**
 * Catalogue publishing (docs/decisions/catalogue-versions.md D48): the import bucket, the task function and the
 * Standard state machine that makes an uploaded file the active catalogue, all or nothing:
 *
 *   lock ─▶ catalogue? ─▶ validate & plan ─▶ write chunks (Map) ─▶ switch ─▶ wait ─▶ remove previous ─▶ done
 *            │ │ stock            ▲  │ any failure ─────────────────────────▶ record failure ─▶ remove the new version ─▶ fail
 *            │ └▶ apply stock ─▶ done                                   a removal that fails ─▶ record it ─▶ fail
 *            └▶ removal (an operator's): remove the version left behind ─▶ record ─▶ done
 *   upgrade: name ─▶ layout older? lock free? ─┘ (else wait and ask again; current: done)
 *
 * The command that starts a publish, stock update or removal claims the lock before its upload
 * (docs/decisions/catalogue-versions.md D79) and the lock step takes over its own claim: a second run is refused at
 * once, by its command or at the lock; an upgrade waits for it. Readers see
 * the old version until the switch and the new one after it; the old one is removed only after
 * the grace period. The deploy starts an upgrade (D73) through a custom resource whose properties
 * hold this code's layout, so it runs when a deploy raises the layout.
 */
export class CataloguePublishing extends Construct {
  readonly importBucket: CatalogueImportBucket;
  readonly publishStep: ApiFunction;
  readonly stateMachine: StateMachine;
  /** Starts the upgrade when it is created or its properties change (docs/decisions/catalogue-versions.md D73). */
  readonly upgradeTrigger: AwsCustomResource;

  constructor(scope: Construct, id: string, props: CataloguePublishingProps) {
    super(scope, id);
    const { settings, table } = props;
    this.importBucket = new CatalogueImportBucket(this, 'ImportBucket', { settings });

    this.publishStep = new ApiFunction(this, 'PublishStep', {
      entry: functionEntry(catalogueFunctions.publishStep.handler),
      functionName: routeFunctionName(settings.stage, catalogueFunctions.publishStep.name),
      description: 'Catalogue publish workflow: lock, validate and plan, write chunks, switch, remove, stock',
      settings,
      timeout: Duration.seconds(PUBLISH_TIMING.taskSeconds),
      // A 100,000-product file and its plan are held in memory while it is validated and laid out.
      memorySize: 3008,
    });
    // Only the actions the store calls, only on catalogue items (never a user, order or job).
    this.publishStep.bindTable(table, catalogueFunctions.publishStep.table);
    this.publishStep.addEnvironment(CATALOGUE_ENV.bucket, this.importBucket.bucket.bucketName);
    this.importBucket.grantPublish(this.publishStep);

    const definition = publishDefinition(this, this.publishStep);
    this.stateMachine = workflowStateMachine(this, {
      settings,
      what: 'catalogue-publish',
      definition,
      timeout: Duration.seconds(PUBLISH_TIMING.lockSeconds),
    });
    this.upgradeTrigger = catalogueUpgradeTrigger(this, {
      settings,
      stateMachine: this.stateMachine,
      publishStep: this.publishStep,
    });
  }

  /**
   * A function that searches the catalogue: where the snapshots are, the right to read them, and
   * the memory its in-memory search is measured with (docs/decisions/search-engine.md D69).
   */
  addSearchReader(fn: ApiFunction): void {
    (fn.node.defaultChild as CfnFunction).memorySize = SEARCH_MEMORY_MB;
    fn.addEnvironment(CATALOGUE_ENV.bucket, this.importBucket.bucket.bucketName);
    this.importBucket.grantSearchRead(fn);
  }
}
