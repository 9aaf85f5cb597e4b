/**
 * The checks the Step Functions API makes of a request before anything runs, with its error
 * codes: ARNs, execution names and inputs; and what it answers for an execution.
 */
import type { ExecutionJournal, ExecutionRecord } from './execution-journal';

/** An error of the Step Functions API, answered as `{"__type": code, "message": ...}` (HTTP 400). */
export class StepFunctionsError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = code;
  }
}

export interface StartExecutionInput {
  readonly stateMachineArn?: unknown;
  readonly name?: unknown;
  readonly input?: unknown;
}

export interface StopExecutionInput {
  readonly executionArn?: unknown;
  readonly error?: unknown;
  readonly cause?: unknown;
}

/** The operations of the API the functions call; one state machine's executions, or several behind one endpoint. */
export interface StepFunctionsApi {
  start(request: StartExecutionInput): { executionArn: string; startDate: number };
  describe(executionArn: unknown): ExecutionRecord;
  stop(request: StopExecutionInput): { stopDate: number };
}

const ARN_PATTERN = /^arn:aws[a-z-]*:states:[a-z0-9-]+:\d{12}:(stateMachine|execution):.+$/;
/** What Step Functions refuses in a name: white space, brackets, wildcards, specials, controls. */
const INVALID_NAME = /[\s<>{}[\]?*"#%\\^|~`$&,;:/\p{Cc}]/u;
const MAX_INPUT_BYTES = 256 * 1024;

export const executionArnOf = (stateMachineArn: string, name: string) =>
  `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;

export const parseArn = (value: unknown, kind: 'stateMachine' | 'execution'): string => {
  if (typeof value !== 'string' || !ARN_PATTERN.test(value) || !value.includes(`:${kind}:`)) {
    throw new StepFunctionsError(
      'InvalidArn',
      `Invalid Arn: 'Resource type not valid in this context: ${String(value)}'`,
    );
  }
  return value;
};

/** A start's name (a new UUID when it has none) and input (`{}` when it has none), once checked. */
export function checkedStart(
  request: StartExecutionInput,
  newName: () => string,
): { name: string; input: string } {
  const name = request.name === undefined ? newName() : request.name;
  if (typeof name !== 'string' || name.length < 1 || name.length > 80 || INVALID_NAME.test(name)) {
    throw new StepFunctionsError('InvalidName', `Invalid Name: '${String(name)}'`);
  }
  const input = request.input === undefined ? '{}' : request.input;
  if (typeof input !== 'string') {
    throw new StepFunctionsError('SerializationException', 'input must be a string');
  }
  if (Buffer.byteLength(input) > MAX_INPUT_BYTES) {
    throw new StepFunctionsError('InvalidExecutionInput', 'The input is larger than 256 KiB');
  }
  try {
    JSON.parse(input);
  } catch (error) {
    throw new StepFunctionsError(
      'InvalidExecutionInput',
      `Invalid State Machine Execution Input: '${(error as Error).message}'`,
    );
  }
  return { name, input };
}

/** DescribeExecution: the journal's record of an execution of any state machine. */
export function describeExecution(journal: ExecutionJournal, arn: unknown): ExecutionRecord {
  const executionArn = parseArn(arn, 'execution');
  const record = journal.records.get(executionArn);
  if (!record) {
    throw new StepFunctionsError('ExecutionDoesNotExist', `Execution Does Not Exist: '${executionArn}'`);
  }
  return record;
}

export const stateMachineDoesNotExist = (stateMachineArn: string) =>
  new StepFunctionsError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${stateMachineArn}'`);
