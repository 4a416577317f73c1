import type { OrderStatus } from '@mediabox/contract';

/**
 * The way of an order (spec 4) as the stepper shows it: worked on, given for review, accepted,
 * completed. A rejection sends the order back a step: it is shown on the review step, marked as an
 * error, until it is given for review again.
 */
export const ORDER_STEPS = [
  'new',
  'pending',
  'accepted',
  'completed',
] as const satisfies readonly OrderStatus[];

/** Index of the step the order is on; every step before it is done (a completed order has all done). */
export function activeStepOf(status: OrderStatus): number {
  if (status === 'rejected') return ORDER_STEPS.indexOf('pending');
  if (status === 'completed') return ORDER_STEPS.length;
  return ORDER_STEPS.indexOf(status);
}

/** What a user can do next with an order, each a status change the server allows them. */
export type OrderAction = 'toReview' | 'accept' | 'requestCorrection' | 'complete';

/**
 * The next actions of each status, and only those (issue 19): a super user gives a new or corrected
 * order for review and completes an accepted one; a reviewer (jde or super user) accepts a pending
 * order or asks for a correction. Nothing skips a step, though the server still lets super users
 * set any status (spec 4).
 */
export function nextActionsOf(status: OrderStatus, user: { isSuperUser: boolean }): OrderAction[] {
  switch (status) {
    case 'new':
    case 'rejected':
      return user.isSuperUser ? ['toReview'] : [];
    case 'pending':
      return ['accept', 'requestCorrection'];
    case 'accepted':
      return user.isSuperUser ? ['complete'] : [];
    case 'completed':
      return [];
  }
}

/** The status each action moves the order to. */
export const ACTION_STATUS: Record<OrderAction, OrderStatus> = {
  toReview: 'pending',
  accept: 'accepted',
  requestCorrection: 'rejected',
  complete: 'completed',
};
