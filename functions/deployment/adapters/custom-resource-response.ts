/** The answer to one CloudFormation custom resource request, as CloudFormation reads it. */
export interface CustomResourceResponse {
  readonly Status: 'SUCCESS' | 'FAILED';
  /** Shown in the stack's events, and so in `cdk deploy`'s output, when the status is FAILED. */
  readonly Reason?: string;
  readonly PhysicalResourceId: string;
  readonly StackId: string;
  readonly RequestId: string;
  readonly LogicalResourceId: string;
}

const ATTEMPTS = 3;

/**
 * PUTs the answer to the request's pre-signed S3 URL: until it arrives, CloudFormation waits for
 * the resource (up to its ServiceTimeout). The URL was signed without a content type, so the
 * request sends an empty one rather than fetch's default. A failed PUT is tried again twice.
 */
export async function sendCustomResourceResponse(
  responseUrl: string,
  response: CustomResourceResponse,
  pauseMs = 1000,
): Promise<void> {
  const body = JSON.stringify(response);
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await fetch(responseUrl, { method: 'PUT', headers: { 'content-type': '' }, body });
      if (answer.ok) return;
      throw new Error(`the response URL answered ${answer.status}`);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}
