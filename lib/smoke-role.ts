import { Duration } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { AccountRootPrincipal, PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { ReportBucket } from './report-bucket';
import { resourceName } from './resource-names';
import { SMOKE_CLEANUP_ACCESS, SMOKE_COGNITO_ACTIONS } from './smoke-access';
import type { StageSettings } from './stage';
import { tableStatements } from './table-statements';

export interface SmokeRoleProps {
  readonly settings: StageSettings;
  readonly table: ITable;
  readonly reportBucket: ReportBucket;
  /** The stage's own pool, in Cognito mode: the smoke makes its temporary user there. */
  readonly userPool?: IUserPool;
}

/** `commerce-api-<stage>-smoke`: named, so a deploy role's policy can name it before it exists. */
export const smokeRoleName = (stage: string): string => resourceName(stage, 'smoke');

/**
 * The role `npm run smoke -- --stage <stage>` assumes for what it does besides calling the API
 * (docs/decisions/stages-and-deploys.md D74): make, sign in and delete its temporary Cognito user, and remove the
 * items and the PDF its run made. Trusted by the account, so whoever may assume it (a deploy
 * workflow's role with sts:AssumeRole on it) gets these permissions and nothing more.
 */
export class SmokeRole extends Construct {
  readonly role: Role;

  constructor(scope: Construct, id: string, props: SmokeRoleProps) {
    super(scope, id);
    this.role = new Role(this, 'Role', {
      roleName: smokeRoleName(props.settings.stage),
      assumedBy: new AccountRootPrincipal(),
      description: `npm run smoke for stage ${props.settings.stage}: its temporary user, and removing what its run made`,
      maxSessionDuration: Duration.hours(1),
    });
    for (const statement of tableStatements(props.table, SMOKE_CLEANUP_ACCESS)) {
      this.role.addToPrincipalPolicy(statement);
    }
    props.reportBucket.grantDeleteReports(this.role);
    if (props.userPool) {
      this.role.addToPrincipalPolicy(
        new PolicyStatement({ actions: [...SMOKE_COGNITO_ACTIONS], resources: [props.userPool.userPoolArn] }),
      );
    }
  }
}
