/**
 * Runs tasks at once as long as their estimated memory fits a budget and at most `maxRunning` run;
 * the others wait in arrival order (a large task at the head is not overtaken by smaller ones, so it
 * cannot starve). A task larger than the whole budget still runs, alone.
 */
export class MemoryBudget {
  private inUse = 0;
  private running = 0;
  private readonly waiting: Array<{ bytes: number; admit: () => void }> = [];

  constructor(
    readonly totalBytes: number,
    readonly maxRunning: number,
  ) {}

  async run<T>(bytes: number, task: () => Promise<T>): Promise<T> {
    if (this.waiting.length > 0 || !this.fits(bytes)) {
      await new Promise<void>((admit) => this.waiting.push({ bytes, admit }));
    } else {
      this.take(bytes);
    }
    try {
      return await task();
    } finally {
      this.inUse -= bytes;
      this.running -= 1;
      this.admitWaiting();
    }
  }

  /** Estimated bytes held by the tasks running now. */
  get bytesInUse(): number {
    return this.inUse;
  }

  private fits(bytes: number): boolean {
    if (this.running === 0) return true;
    return this.running < this.maxRunning && this.inUse + bytes <= this.totalBytes;
  }

  private take(bytes: number): void {
    this.inUse += bytes;
    this.running += 1;
  }

  private admitWaiting(): void {
    while (this.waiting.length > 0 && this.fits(this.waiting[0]!.bytes)) {
      const next = this.waiting.shift()!;
      this.take(next.bytes);
      next.admit();
    }
  }
}
