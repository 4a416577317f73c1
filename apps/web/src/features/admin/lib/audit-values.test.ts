import { describe, expect, it } from 'vitest';
import { AUDIT_LIST_MAX, AUDIT_TEXT_MAX, compactJson, fullJson } from './audit-values';

describe('audit values', () => {
  it('writes short changes as they are, and nothing as a dash', () => {
    expect(compactJson({ active: false })).toBe('{"active":false}');
    expect(compactJson({ name: { de: 'Kaffee', en: 'Coffee', fr: 'Café' }, parentId: 12 })).toBe(
      '{"name":{"de":"Kaffee","en":"Coffee","fr":"Café"},"parentId":12}',
    );
    expect(compactJson(null)).toBe('–');
  });

  it('cuts long texts and lists, which the full value keeps', () => {
    const description = 'x'.repeat(AUDIT_TEXT_MAX + 20);
    const files = Array.from({ length: AUDIT_LIST_MAX + 3 }, (_, index) => `${index}.jpg`);
    const compact = JSON.parse(compactJson({ description, files })) as {
      description: string;
      files: string[];
    };
    expect(compact.description).toHaveLength(AUDIT_TEXT_MAX);
    expect(compact.description.endsWith('…')).toBe(true);
    expect(compact.files).toEqual(['0.jpg', '1.jpg', '2.jpg', '3.jpg', '4.jpg', '+3']);
    expect(JSON.parse(fullJson({ description, files }))).toEqual({ description, files });
  });
});
