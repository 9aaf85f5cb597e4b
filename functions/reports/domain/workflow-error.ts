/** An error the state machine matches by name (`Retry` / `Catch`). */
export class WorkflowError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}
