/** A thrown value as Lambda serializes a function's error: what Step Functions and callers see of it. */
export interface LambdaError {
  readonly errorType: string;
  readonly errorMessage: string;
  /** The stack's lines, when the value was an Error. */
  readonly trace?: readonly string[];
}

export const lambdaError = (error: unknown): LambdaError => {
  if (error instanceof Error) {
    return {
      errorType: error.name || 'Error',
      errorMessage: error.message,
      ...(error.stack ? { trace: error.stack.split('\n') } : {}),
    };
  }
  return { errorType: 'Error', errorMessage: String(error) };
};
