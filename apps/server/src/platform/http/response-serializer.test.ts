import { AssetAnswer } from '@mediabox/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractSerializerCompiler } from './response-serializer.js';

function serializer(schema: z.ZodType, verify: boolean) {
  const compile = contractSerializerCompiler({ verify });
  return compile({ schema, method: 'GET', url: '/test', httpStatus: '200' });
}

const asset = {
  data: {
    id: 7,
    name: { de: 'Kaffee "mild" – 500 g' },
    container: 10,
    mediaType: 1100,
    mediaTypeName: { de: 'Bild', en: 'Image' },
    originalTicket: '/api/file/7/original?exp=1&sig=a',
    defaultThumbTicket: null,
    largePreview: '/api/file/7/preview?exp=1&sig=c',
    creationDate: '2026-11-22T09:00:00.000Z',
    score: 1.5,
    rootId: 1,
    countryId: 1,
    removalRequested: false,
    fileProperties: {
      width: 1200,
      height: null,
      dpiX: 72.5,
      colorspace: 'srgb',
      pageCount: null,
      fileSize: 52,
      mimeType: 'image/jpeg',
      fileName: 'k.jpg',
    },
    files: [],
    customFields: [{ fieldId: 100, name: { de: 'GTIN' }, value: '04006067000005' }],
    gtin: '04006067000005',
    gs1Link: null,
    createdByUser: null,
  },
};

describe('contract serializer', () => {
  it('writes the values zod writes, and only the fields the contract declares', () => {
    const written = serializer(AssetAnswer, false)({ ...asset, data: { ...asset.data, passwordHash: 'x' } });
    expect(JSON.parse(written)).toEqual(z.encode(AssetAnswer, asset));
    expect(written).not.toContain('passwordHash');
  });

  it('trusts typed answers in production, and leaves schemas JSON Schema cannot tell to zod', () => {
    // Compiled: a wrong type is not checked, only written.
    expect(serializer(z.object({ lang: z.string() }), false)({ lang: 5 })).toBe('{"lang":"5"}');
    // A default makes input and output differ: zod writes it, and checks.
    expect(() => serializer(z.object({ lang: z.string().default('de') }), false)({ lang: 5 })).toThrow();
    const Dated = z.object({ at: z.date() });
    expect(serializer(Dated, false)({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });

  it('with verify, refuses an answer the contract refuses', () => {
    const bad = { data: { ...asset.data, id: 'seven' } };
    expect(() => serializer(AssetAnswer, true)(bad)).toThrow();
    expect(serializer(AssetAnswer, true)(asset)).toBe(serializer(AssetAnswer, false)(asset));
  });
});
