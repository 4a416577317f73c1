import { ORDER_UPLOAD_FIELD } from '@mediabox/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setApiNavigator } from '../../../shared/api/client';
import { getStoredUser, setStoredUser } from '../../../shared/auth/user-store';
import { stubUploads, textParts } from '../../../shared/testing/stub-uploads';
import { testUser } from '../../../shared/testing/test-user';
import { emptyOrderValues } from '../lib/order-form-values';
import { order } from '../testing/order-fixtures';
import { orderFormData, saveOrder } from './order-save';

afterEach(() => vi.unstubAllGlobals());

const png = (name: string) => new File(['png-bytes'], name, { type: 'image/png' });

describe('orderFormData', () => {
  it('sends every field as text: flags as true/false, objects as JSON, the id as digits', () => {
    const values = emptyOrderValues();
    const data = orderFormData({
      _id: 42,
      ...values,
      name: 'Crema Regalkarton',
      de: true,
      change: { data: true, packshot: false },
      status: 'completed',
      notify: true,
      description: undefined,
    });
    const parts = textParts(data);
    expect(parts._id).toBe('42');
    expect(parts.name).toBe('Crema Regalkarton');
    expect(parts.de).toBe('true');
    expect(parts.at).toBe('false');
    expect(parts.notify).toBe('true');
    expect(parts.status).toBe('completed');
    expect(JSON.parse(parts.change!)).toEqual({ data: true, packshot: false });
    expect(JSON.parse(parts.packshot!)).toEqual(values.packshot);
    expect('description' in parts).toBe(false);
  });

  it('puts each file in its own newFiles part, after the fields', () => {
    const data = orderFormData({ name: 'Crema' }, [png('front.png'), png('back.png')]);
    const files = data.getAll(ORDER_UPLOAD_FIELD) as File[];
    expect(files.map((file) => file.name)).toEqual(['front.png', 'back.png']);
    expect([...data.keys()]).toEqual(['name', ORDER_UPLOAD_FIELD, ORDER_UPLOAD_FIELD]);
  });
});

describe('saveOrder', () => {
  it("PUTs the form with the stored user's token and reports progress in percent", async () => {
    setStoredUser(testUser({ jde: true }));
    const created = order(42);
    const uploads = stubUploads(() => ({ body: created }));
    const percents: number[] = [];
    const answer = saveOrder({ name: 'Crema' }, [png('front.png')], (percent) => percents.push(percent));
    await uploads[0]!.progress(1, 3);
    await uploads[0]!.progress(3, 3);

    expect(await answer).toEqual(created);
    expect(percents).toEqual([33, 100]);
    expect(uploads[0]!.method).toBe('PUT');
    expect(uploads[0]!.url).toBe('/api/order');
    expect(uploads[0]!.headers.authorization).toBe('Bearer test-token');
    // The browser sets the multipart content type with its boundary; a fixed one would break it.
    expect(uploads[0]!.headers['content-type']).toBeUndefined();
  });

  it('turns an error answer into an ApiError with the field codes', async () => {
    stubUploads(() => ({
      status: 400,
      body: {
        error: {
          code: 'order.errors.invalidRecipient',
          message: 'Invalid body',
          fields: [{ path: 'vertretung', code: 'order.errors.invalidRecipient' }],
        },
      },
    }));
    const error = await saveOrder({ name: 'Crema' }, []).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'order.errors.invalidRecipient',
      fields: [{ path: 'vertretung', code: 'order.errors.invalidRecipient' }],
    });
  });

  it('ends the session on 401 like every other call', async () => {
    setStoredUser(testUser({ jde: true }));
    const navigate = vi.fn();
    setApiNavigator(navigate);
    stubUploads(() => ({ status: 401, body: { error: { code: 'errors.unauthorized', message: 'x' } } }));
    await expect(saveOrder({ name: 'Crema' }, [])).rejects.toMatchObject({ status: 401 });
    expect(getStoredUser()).toBeNull();
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?from=/));
  });
});
