import { Duration, Validations } from 'aws-cdk-lib';
import { type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { REPORT_RETENTION_DAYS } from '#functions/contracts/report-retention';
import { bucketArnInFinding } from './nag-arn';
import { privateBucketProps } from './private-bucket';
import type { StageSettings } from './stage';

export interface ReportBucketProps {
  readonly settings: StageSettings;
}

/**
 * The keys the PDFs are written under: `reports/<report id>.pdf`, as
 * `functions/contracts/keys/report-object-key.ts` names them. The grants below cover this prefix
 * only; test/infra/report-resources.test.ts checks that the store's keys fall under it.
 */
export const REPORT_OBJECT_PATTERN = 'reports/*';

/**
 * The PDFs of the report workflow: private (every public access blocked, ACLs disabled), encrypted
 * at rest, reachable over TLS only, and deleted by a lifecycle rule REPORT_RETENTION_DAYS after
 * they are written — the job record says so to a client that comes back later (404 then).
 *
 * Access is granted here, statement by statement, instead of with the bucket's `grantPut` /
 * `grantRead`, which give `s3:Abort*`, `s3:GetObject*`, `s3:GetBucket*`, `s3:List*` on every key.
 */
export class ReportBucket extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, { settings }: ReportBucketProps) {
    super(scope, id);
    // Not versioned, in prod too: a PDF is derived data (the orders stay in the table, and a
    // report is made again on request) that expires after REPORT_RETENTION_DAYS, one key per
    // report; versions would protect nothing and would only keep personal data past its expiry
    // (noncurrent versions outlive the expiration rule). Prod keeps the bucket on stack deletion,
    // like all its data; the lifecycle rule empties a kept bucket within REPORT_RETENTION_DAYS.
    this.bucket = new Bucket(
      this,
      'Bucket',
      privateBucketProps(settings, [
        { id: 'expire-reports', expiration: Duration.days(REPORT_RETENTION_DAYS) },
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ]),
    );
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Objects are written only by the report generator and read through the API or short-lived ' +
        'pre-signed URLs that the API hands to the report owner; API access logs and CloudTrail record ' +
        'who asked for which report. Server access logs would need a second bucket for no added trail.',
    });
  }

  /** The report generator: s3:PutObject on `reports/*`, nothing else (no reads, no deletes). */
  grantWriteReports(fn: IFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject'],
        resources: [this.bucket.arnForObjects(REPORT_OBJECT_PATTERN)],
      }),
    );
    this.acknowledgeReportObjects(
      fn,
      'The generator writes one object per report, reports/<report id>.pdf, where the id is a UUID made ' +
        'when the report is requested, so the keys cannot be named in advance. The grant is s3:PutObject ' +
        'alone, on the reports/ prefix of this one bucket: no read, delete or multipart action.',
    );
  }

  /**
   * The report download route: s3:GetObject on `reports/*` (to read a PDF, and to pre-sign the
   * URL of a large one, which is signed with this role's credentials), and s3:ListBucket on the
   * bucket itself, so that a PDF the lifecycle rule has expired reads as NoSuchKey (the route's
   * 404) instead of AccessDenied.
   */
  grantReadReports(fn: IFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(REPORT_OBJECT_PATTERN)],
      }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn] }),
    );
    this.acknowledgeReportObjects(
      fn,
      'The download route reads reports/<report id>.pdf of the one report asked for, after checking the ' +
        'job record that its caller may see it, and pre-signs short-lived GET URLs for large ones; report ids ' +
        'are UUIDs made per request, so the keys cannot be named in advance. The grant is s3:GetObject alone, ' +
        'on the reports/ prefix of this one bucket.',
    );
  }

  /**
   * The smoke role (lib/smoke-role.ts): s3:DeleteObject on `reports/*`, to remove the PDF of the
   * one report its run asked for (docs/decisions/stages-and-deploys.md D74).
   */
  grantDeleteReports(role: IRole): void {
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:DeleteObject'],
        resources: [this.bucket.arnForObjects(REPORT_OBJECT_PATTERN)],
      }),
    );
    this.acknowledgeReportObjects(
      role,
      'The smoke check deletes reports/<report id>.pdf of the one report its run asked for; report ids are ' +
        'UUIDs made per request, so the key cannot be named in advance. The grant is s3:DeleteObject alone, ' +
        'on the reports/ prefix of this one bucket.',
    );
  }

  private acknowledgeReportObjects(holder: IFunction | IRole, reason: string): void {
    const role = 'roleArn' in holder ? holder : holder.role;
    if (!role) throw new Error(`${holder.node.path} has no role to grant report access to`);
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${bucketArnInFinding(this.bucket, role)}/${REPORT_OBJECT_PATTERN}]`,
      reason,
    });
  }
}
