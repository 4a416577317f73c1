import { ORDER_STATUSES } from '@mediabox/contract';
import { describe, expect, it } from 'vitest';
import { activeStepOf, nextActionsOf, ORDER_STEPS } from './order-steps';

const superUser = { isSuperUser: true };
const reviewer = { isSuperUser: false };

describe('order steps', () => {
  it('puts a rejected order back on the review step and marks a completed one all done', () => {
    expect(ORDER_STATUSES.map(activeStepOf)).toEqual([0, 1, 2, 1, ORDER_STEPS.length]);
  });

  it('offers each status its own next actions and nothing that skips a step', () => {
    expect(ORDER_STATUSES.map((status) => nextActionsOf(status, superUser))).toEqual([
      ['toReview'],
      ['accept', 'requestCorrection'],
      ['complete'],
      ['toReview'],
      [],
    ]);
    expect(ORDER_STATUSES.map((status) => nextActionsOf(status, reviewer))).toEqual([
      [],
      ['accept', 'requestCorrection'],
      [],
      [],
      [],
    ]);
  });
});
