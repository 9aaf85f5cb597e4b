/** Environment variables of the report functions; the stack and the sandbox set them by these names. */
export const REPORT_ENV = {
  /** The bucket that holds the PDFs (generate writes, get-report reads and pre-signs). */
  bucket: 'REPORT_BUCKET',
  /** The state machine `POST /orders/reports` starts. */
  stateMachineArn: 'REPORT_STATE_MACHINE_ARN',
  /** The signing secret itself, `whsec_<base64>` (the sandbox; a local run). Wins over the id. */
  webhookSecret: 'WEBHOOK_SECRET',
  /** Secrets Manager id of the signing secret (the stack). */
  webhookSecretId: 'WEBHOOK_SECRET_ID',
  /** Set by the sandbox alone: also accept `http://127.0.0.1:<port>` and `http://localhost:<port>` callbacks. */
  allowLoopbackCallbacks: 'SANDBOX_ALLOW_LOOPBACK_CALLBACKS',
} as const;
