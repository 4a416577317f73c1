import type { RateLimitRule } from '../../platform/http/rate-limiter.js';

/**
 * Batches per client address. The app flushes a batch every few seconds at most, so a person stays
 * far below this; an office behind one address has room for dozens of colleagues. What goes over is
 * dropped (204, nothing stored), never refused: tracking must not fail a page, and a flood is the one
 * thing that could make the tables grow without bound.
 */
export const TRACK_BATCHES_PER_IP: RateLimitRule = { name: 'track-ip', limit: 120, windowMs: 60 * 1000 };

/**
 * Searches recorded per user: typing a term with the drawer's filters runs a few searches a minute at
 * most, so this leaves every honest search counted while one account cannot push a term to the top
 * of the insights. Over it, searches still run; they are just not counted.
 */
export const RECORDED_SEARCHES_PER_USER: RateLimitRule = {
  name: 'search-recorded-user',
  limit: 30,
  windowMs: 60 * 1000,
};
