import { describe, expect, it } from 'vitest';
import { trackedPath } from './tracked-path';

describe('trackedPath', () => {
  it('keeps the route and cuts off query string and fragment', () => {
    expect(trackedPath('/asset/42?c=at#files')).toBe('/asset/42');
    expect(trackedPath('/123#top')).toBe('/123');
    expect(trackedPath('/?c=ch')).toBe('/');
    expect(trackedPath('/order/7/2')).toBe('/order/7/2');
  });

  it('records searches as /search: the term belongs to the search event', () => {
    expect(trackedPath('/search/kaffee+bohnen?cat=12')).toBe('/search');
    expect(trackedPath('/search')).toBe('/search');
    expect(trackedPath('/searching')).toBe('/searching');
  });

  it('never records a key: download file names, confirmation and reset links', () => {
    expect(trackedPath('/download/Qm9udXM.zip')).toBe('/download');
    expect(trackedPath('/confirm/0b5f6c1e-9f1a-4d1e-8f57-2c4d1f3e9a10')).toBe('/confirm');
    expect(trackedPath('/reset_password/0b5f6c1e-9f1a-4d1e-8f57-2c4d1f3e9a10')).toBe('/reset_password');
  });

  it('always answers an absolute path', () => {
    expect(trackedPath('cart')).toBe('/cart');
  });
});
