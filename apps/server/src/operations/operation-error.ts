/**
 * A refusal or failure of backup, restore or migrate-data that the operator can act on (wrong
 * path, non-empty target, …): the CLI prints its message alone, without a stack trace, and exits 1.
 */
export class OperationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperationError';
  }
}
