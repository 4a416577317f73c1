/**
 * Runs at most `limit` tasks at a time, the rest wait in order. Rendering is CPU- and memory-heavy
 * and libvips is already multi-threaded: on a 2-core machine one render per process at a time keeps
 * the API responsive.
 */
export class ConcurrencyLimiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit = 1) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}
