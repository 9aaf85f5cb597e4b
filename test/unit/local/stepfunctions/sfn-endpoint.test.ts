import {
  DescribeExecutionCommand,
  ExecutionAlreadyExists,
  ExecutionDoesNotExist,
  SFNClient,
  StartExecutionCommand,
  StateMachineDoesNotExist,
  StopExecutionCommand,
} from '@aws-sdk/client-sfn';
import { REPORT_STATES } from '#functions/contracts/report-workflow-contract';
import { reportFunctions } from '#functions/function-registry';
import { lambdaArn, SANDBOX_CREDENTIALS } from '#local/sandbox-identity';
import { openExecutionJournal } from '#local/stepfunctions/execution-journal';
import { createExecutions, type StateMachineExecutions } from '#local/stepfunctions/executions';
import {
  AMZ_JSON_1_0,
  type StepFunctionsEndpoint,
  startStepFunctionsEndpoint,
} from '#local/stepfunctions/sfn-endpoint';
import type { SandboxStateMachine } from '#local/stepfunctions/state-machine-definition';

const ARN = 'arn:aws:states:us-east-1:000000000000:stateMachine:reports';
const fnArn = lambdaArn('commerce-api-sandbox-generate-report');

/** One Task (the generator) that answers its input back, or waits when told to. */
const workflow: SandboxStateMachine = {
  stateMachineName: 'reports',
  stateMachineArn: ARN,
  definition: {
    StartAt: REPORT_STATES.sendCallback,
    States: {
      [REPORT_STATES.sendCallback]: { Type: 'Task', Resource: fnArn, ResultPath: '$.result', End: true },
    },
  },
  tasks: new Map([
    [
      REPORT_STATES.sendCallback,
      {
        spec: reportFunctions.generate,
        functionName: 'commerce-api-sandbox-generate-report',
        functionArn: fnArn,
        timeoutSeconds: 5,
        memoryMb: 128,
      },
    ],
  ]),
};

describe('the sandbox Step Functions endpoint', () => {
  let executions: StateMachineExecutions;
  let endpoint: StepFunctionsEndpoint;
  let client: SFNClient;

  beforeAll(async () => {
    executions = await createExecutions({
      machine: workflow,
      journal: openExecutionJournal(),
      loadHandler: async () => async (input) =>
        (input as { wait?: boolean }).wait ? new Promise(() => {}) : { echoed: input },
      log: () => {},
    });
    endpoint = await startStepFunctionsEndpoint(executions);
    client = new SFNClient({
      endpoint: endpoint.endpoint,
      region: 'us-east-1',
      credentials: SANDBOX_CREDENTIALS,
    });
  });
  afterAll(async () => {
    client.destroy();
    await executions.close(0);
    await endpoint.close();
  });

  it('starts an execution and describes it, through the SDK client', async () => {
    const before = Date.now();
    const started = await client.send(
      new StartExecutionCommand({ stateMachineArn: ARN, name: 'report-1', input: '{"reportId":"1"}' }),
    );
    expect(started.executionArn).toBe('arn:aws:states:us-east-1:000000000000:execution:reports:report-1');
    expect(started.startDate).toBeInstanceOf(Date);
    expect(started.startDate!.getTime()).toBeGreaterThanOrEqual(before - 1);
    await executions.settled(started.executionArn!);
    const described = await client.send(new DescribeExecutionCommand({ executionArn: started.executionArn }));
    expect(described).toMatchObject({
      executionArn: started.executionArn,
      stateMachineArn: ARN,
      name: 'report-1',
      status: 'SUCCEEDED',
      input: '{"reportId":"1"}',
    });
    expect(JSON.parse(described.output!)).toEqual({ reportId: '1', result: { echoed: { reportId: '1' } } });
    expect(described.stopDate!.getTime()).toBeGreaterThanOrEqual(described.startDate!.getTime());
  });

  it('refuses a second start with the same name, as AWS does', async () => {
    const start = () =>
      client.send(new StartExecutionCommand({ stateMachineArn: ARN, name: 'report-1', input: '{}' }));
    await expect(start()).rejects.toBeInstanceOf(ExecutionAlreadyExists);
  });

  it('answers the SDK exceptions of an unknown state machine or execution', async () => {
    await expect(
      client.send(new StartExecutionCommand({ stateMachineArn: `${ARN}-x`, input: '{}' })),
    ).rejects.toBeInstanceOf(StateMachineDoesNotExist);
    await expect(
      client.send(
        new DescribeExecutionCommand({ executionArn: `${ARN.replace('stateMachine', 'execution')}:nope` }),
      ),
    ).rejects.toBeInstanceOf(ExecutionDoesNotExist);
  });

  it('stops a running execution', async () => {
    const { executionArn } = await client.send(
      new StartExecutionCommand({ stateMachineArn: ARN, name: 'waits', input: '{"wait":true}' }),
    );
    const running = await client.send(new DescribeExecutionCommand({ executionArn }));
    expect(running.status).toBe('RUNNING');
    expect(running.stopDate).toBeUndefined();
    await client.send(new StopExecutionCommand({ executionArn, cause: 'test' }));
    expect(await client.send(new DescribeExecutionCommand({ executionArn }))).toMatchObject({
      status: 'ABORTED',
      cause: 'test',
    });
  });

  describe('the protocol', () => {
    const post = (target: string | undefined, body: string, method = 'POST') =>
      fetch(endpoint.endpoint, {
        method,
        headers: { 'content-type': AMZ_JSON_1_0, ...(target ? { 'x-amz-target': target } : {}) },
        ...(method === 'POST' ? { body } : {}),
      });

    it('answers JSON 1.0 with the dates in epoch seconds', async () => {
      const response = await post(
        'AWSStepFunctions.StartExecution',
        JSON.stringify({ stateMachineArn: ARN, name: 'raw', input: '{}' }),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(AMZ_JSON_1_0);
      const body = (await response.json()) as { executionArn: string; startDate: number };
      expect(body.executionArn).toMatch(/:execution:reports:raw$/);
      expect(Math.abs(body.startDate - Date.now() / 1000)).toBeLessThan(5);
    });

    it('answers an unknown operation, a missing target and another method with a JSON error', async () => {
      for (const response of [
        await post('AWSStepFunctions.ListExecutions', '{}'),
        await post(undefined, '{}'),
        await post('AWSStepFunctions.StartExecution', '', 'GET'),
      ]) {
        expect(response.status).toBe(400);
        expect(response.headers.get('x-amzn-errortype')).toBe('UnknownOperationException');
        expect(await response.json()).toEqual({
          __type: 'UnknownOperationException',
          message: expect.any(String),
        });
      }
    });

    it('answers a body that is not a JSON object with SerializationException', async () => {
      for (const body of ['{', '[1]']) {
        const response = await post('AWSStepFunctions.StartExecution', body);
        expect(response.status).toBe(400);
        expect(((await response.json()) as { __type: string }).__type).toBe('SerializationException');
      }
    });
  });
});
