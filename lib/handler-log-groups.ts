import { CfnResource, type IAspect } from 'aws-cdk-lib';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';
import type { StageSettings } from './stage';

/**
 * Gives every Lambda function of a stack (nested stacks included) that has no log group of its
 * own one in the stack, with the stage's retention and removal policy: our functions have theirs
 * (ApiFunction); CDK's handlers, such as the one that empties an unprotected stage's buckets
 * (`autoDeleteObjects`), would otherwise write to a log group Lambda makes, which no
 * `cdk destroy` removes. The function names it in its logging configuration, so it is created
 * before the function and deleted after it: the last logs of a deletion cannot make it again.
 */
export class HandlerLogGroups implements IAspect {
  readonly #settings: StageSettings;

  constructor(settings: StageSettings) {
    this.#settings = settings;
  }

  visit(node: IConstruct): void {
    if (!CfnResource.isCfnResource(node) || node.cfnResourceType !== CfnFunction.CFN_RESOURCE_TYPE_NAME)
      return;
    // An L1 function says whether it has a log group; CDK's custom resource providers write raw
    // resources that never set one.
    if (node instanceof CfnFunction && node.loggingConfig !== undefined) return;
    const scope = node.node.scope;
    if (!scope || scope.node.tryFindChild(`${node.node.id}Logs`)) return;
    const logGroup = new LogGroup(scope, `${node.node.id}Logs`, {
      retention: this.#settings.logRetention,
      removalPolicy: this.#settings.removalPolicy,
    });
    node.addPropertyOverride('LoggingConfig.LogGroup', logGroup.logGroupName);
  }
}
