/**
 * The AWS Control Tower proactive controls (cfn-guard rules of @cdklabs/cdk-validator-cfnguard)
 * that the stack does not meet on purpose, each with why. test/infra/control-tower.test.ts runs
 * every other control on the prod templates (the stack's and its nested stacks') and fails on any finding.
 */
export interface Acknowledgement {
  /** The check the control's guard file runs, as findings name it. */
  readonly check: string;
  readonly reason: string;
}

/** By control (the guard file's name, which disables it). */
export const CONTROL_TOWER_ACKNOWLEDGEMENTS: Readonly<Record<string, Acknowledgement>> = {
  'ct-lambda-pr-3': {
    check: 'lambda_inside_vpc_check',
    reason:
      'No VPC: the functions reach only AWS services (DynamoDB, SQS, S3, Step Functions, Secrets Manager) ' +
      'over TLS and the partners’ public HTTPS callback URLs; a VPC would add NAT gateways and endpoints ' +
      'and protect nothing the IAM grants do not.',
  },
  'ct-lambda-pr-2': {
    check: 'lambda_function_public_access_prohibited_check',
    reason:
      'Every Lambda permission is for an AWS service of this stack (API Gateway, Cognito) with a SourceArn ' +
      'naming the resource (the API stage and method, the user pool); API Gateway’s is built with Fn::Join ' +
      'from the API’s own ids (passed into the functions’ nested stacks as parameters), which the control ' +
      'cannot recognize as local. test/infra/control-tower.test.ts checks the SourceArns.',
  },
  'ct-cloudwatch-pr-3': {
    check: 'cloudwatch_log_group_encrypted_check',
    reason:
      'Log groups are encrypted at rest by CloudWatch Logs with service keys; the logs hold no request ' +
      'bodies (data tracing is off) and a customer key per stage would add a key policy for every log ' +
      'group and cost without a reader it keeps out.',
  },
  'ct-s3-pr-2': {
    check: 's3_bucket_logging_enabled_check',
    reason:
      'No S3 server access logs: objects are written only by the stack’s functions and read through the ' +
      'API (whose access log names caller and path) or its short-lived pre-signed URLs; CloudTrail records the rest.',
  },
  'ct-s3-pr-4': {
    check: 's3_event_notifications_enabled_check',
    reason:
      'No S3 event notifications: nothing reacts to objects; the workflows write and read them themselves, ' +
      'and a notification nobody consumes is only a cost.',
  },
  'ct-s3-pr-9': {
    check: 's3_bucket_object_lock_enabled_check',
    reason:
      'No Object Lock: report PDFs are derived data that expire after 7 days, import files are copies of the ' +
      'product-information system’s exports; locking them would keep personal data past its expiry.',
  },
  'ct-s3-pr-10': {
    check: 's3_bucket_default_encryption_kms_check',
    reason:
      'S3-managed encryption (SSE-S3): the PDFs are derived and expire, the import files are catalogue data; ' +
      'a KMS key would add per-request cost and key grants for every reader without a reader it keeps out.',
  },
  'ct-s3-pr-11': {
    check: 's3_bucket_versioning_enabled_check',
    reason:
      'Not versioned: a PDF can be produced again and expires after 7 days, an upload is read once; old ' +
      'versions would protect nothing and keep personal data past its expiry (docs/decisions/report-export.md D43).',
  },
  'ct-cloudwatch-pr-1': {
    check: 'cloudwatch_alarm_action_check',
    reason:
      'The per-function error and throttle alarms feed composite alarms, which notify the topic; an action ' +
      'on each would page once per function for one incident.',
  },
};
