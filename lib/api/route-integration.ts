import { Names, Token } from 'aws-cdk-lib';
import { AwsIntegration, type IntegrationConfig, type Method } from 'aws-cdk-lib/aws-apigateway';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';

/**
 * A route's Lambda proxy integration, as CDK's `LambdaIntegration` with `allowTestInvoke: false`,
 * except where API Gateway's permission to invoke the function is made: beside the function (in
 * its area's nested stack, docs/decisions/functions-and-bundles.md D55), not beside the method, so a route costs the
 * stage's own stack its method alone. The permission still names the one method that may invoke
 * the function (its stage, verb and path).
 */
export class RouteIntegration extends AwsIntegration {
  constructor(
    private readonly handler: LambdaFunction,
    /** The API stage's name, as text: the stage resource's own reference would make the function's stack wait for the deployment, which waits for it. */
    private readonly stageName: string,
  ) {
    super({
      proxy: true,
      service: 'lambda',
      path: `2015-03-31/functions/${handler.functionArn}/invocations`,
    });
  }

  override bind(method: Method): IntegrationConfig {
    const config = super.bind(method);
    const id = `${Names.nodeUniqueId(method.api.node)}.${method.httpMethod}.${method.resource.path.replace(/\//g, '.')}`;
    this.handler.addPermission(`ApiPermission.${id}`, {
      principal: new ServicePrincipal('apigateway.amazonaws.com'),
      // Method.methodArn, with the stage's name as text; path variables become `*`.
      sourceArn: method.api.arnForExecuteApi(
        method.httpMethod,
        method.resource.path.replace(/\{[^}]*\}/g, '*'),
        this.stageName,
      ),
    });
    // A function renamed changes the deployment, as LambdaIntegration has it.
    const { functionName } = this.handler.node.defaultChild as CfnFunction;
    return Token.isUnresolved(functionName)
      ? config
      : { ...config, deploymentToken: JSON.stringify({ functionName }) };
  }
}
