import { describe, expect, it } from 'vitest';
import { MemoryBudget } from './memory-budget.js';

/** A task that runs until the test lets it finish, recording when it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
    },
    finish,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('MemoryBudget', () => {
  it('runs tasks together while they fit, and holds the next one until memory is released', async () => {
    const budget = new MemoryBudget(100, 4);
    const log: string[] = [];
    const [a, b, c] = [gate(log, 'a'), gate(log, 'b'), gate(log, 'c')];
    const runs = [budget.run(40, a.task), budget.run(50, b.task), budget.run(30, c.task)];
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    expect(budget.bytesInUse).toBe(90);
    a.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'end a', 'start c']);
    b.finish();
    c.finish();
    await Promise.all(runs);
    expect(budget.bytesInUse).toBe(0);
  });

  it('never runs more than maxRunning, however small the tasks', async () => {
    const budget = new MemoryBudget(1000, 2);
    const log: string[] = [];
    const gates = ['a', 'b', 'c'].map((name) => gate(log, name));
    const runs = gates.map((g) => budget.run(1, g.task));
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    gates[1]!.finish();
    await settle();
    expect(log.at(-1)).toBe('start c');
    gates[0]!.finish();
    gates[2]!.finish();
    await Promise.all(runs);
  });

  it('runs a task larger than the budget alone, and lets nothing overtake it while it waits', async () => {
    const budget = new MemoryBudget(100, 4);
    const log: string[] = [];
    const [small, huge, late] = [gate(log, 'small'), gate(log, 'huge'), gate(log, 'late')];
    const runs = [budget.run(10, small.task), budget.run(500, huge.task), budget.run(10, late.task)];
    await settle();
    expect(log).toEqual(['start small']);
    small.finish();
    await settle();
    expect(log).toEqual(['start small', 'end small', 'start huge']);
    huge.finish();
    await settle();
    expect(log.slice(-2)).toEqual(['end huge', 'start late']);
    late.finish();
    await Promise.all(runs);
  });

  it('releases the memory of a task that fails', async () => {
    const budget = new MemoryBudget(100, 4);
    await expect(budget.run(80, () => Promise.reject(new Error('decode failed')))).rejects.toThrow();
    expect(budget.bytesInUse).toBe(0);
    expect(await budget.run(80, () => Promise.resolve('ok'))).toBe('ok');
  });
});
