import { describe, expect, it } from 'vitest';
import { isOrderPath, loginPath, queryFromSearchParam, searchPath } from './paths';

describe('searchPath', () => {
  it('lower-cases, trims and joins words with plus signs', () => {
    expect(searchPath('  Kaffee   Bohnen ')).toBe('/search/kaffee+bohnen');
  });

  it('escapes characters that would break the path', () => {
    expect(searchPath('a/b ?c#')).toBe('/search/a%2Fb+%3Fc%23');
  });

  it('round-trips through the route parameter', () => {
    expect(queryFromSearchParam(decodeURIComponent('kaffee+bohnen'))).toBe('kaffee bohnen');
  });
});

describe('isOrderPath', () => {
  it.each(['/orders', '/orders/2', '/order/add', '/order/5/1'])('%s is an order path', (path) => {
    expect(isOrderPath(path)).toBe(true);
  });

  it.each(['/', '/ordersomething', '/cart', '/search/order'])('%s is not', (path) => {
    expect(isOrderPath(path)).toBe(false);
  });
});

describe('loginPath', () => {
  it('encodes the origin', () => {
    expect(loginPath('/cart?x=1')).toBe('/login?from=%2Fcart%3Fx%3D1');
    expect(loginPath()).toBe('/login');
  });
});
