import {
  EMPTY_PACKSHOT,
  OrderSave,
  type ArticleLookupAnswer,
  type Order,
  type OrderChangeKinds,
  type OrderKind,
  type Packshot,
} from '@mediabox/contract';

/** What the order form edits (spec 3 Order, without what only the server sets). */
export interface OrderFormValues {
  new: OrderKind;
  change: OrderChangeKinds;
  name: string;
  articleId: string;
  gtin: string;
  de: boolean;
  at: boolean;
  ch: boolean;
  packshot: Packshot;
  internalDate: string;
  externalDate: string;
  vertretung: string;
  description: string;
}

export const COUNTRY_FLAGS = ['de', 'at', 'ch'] as const;
export type CountryFlag = (typeof COUNTRY_FLAGS)[number];

export const PACKSHOT_TYPES = ['ecommerce', 'single', 'tray', 'display', 'other'] as const;
export type PackshotType = (typeof PACKSHOT_TYPES)[number];
/** The types that carry their own GTIN (`other` has none). */
export const PACKSHOT_GTIN_TYPES = ['ecommerce', 'single', 'tray', 'display'] as const;
export type PackshotGtinType = (typeof PACKSHOT_GTIN_TYPES)[number];

/** Paths of the text inputs, as the server names fields in its error answers. */
export type OrderTextPath =
  | 'name'
  | 'articleId'
  | 'gtin'
  | 'internalDate'
  | 'externalDate'
  | 'vertretung'
  | 'description'
  | 'packshot.description'
  | `packshot.gtin.${PackshotGtinType}`
  | 'packshot.articleId.display';

export function emptyOrderValues(): OrderFormValues {
  return {
    new: 'yes',
    change: { data: false, packshot: false },
    name: '',
    articleId: '',
    gtin: '',
    de: false,
    at: false,
    ch: false,
    // A deep copy: the form edits its values in place.
    packshot: structuredClone(EMPTY_PACKSHOT),
    internalDate: '',
    externalDate: '',
    vertretung: '',
    description: '',
  };
}

export function orderValuesOf(order: Order): OrderFormValues {
  return {
    new: order.new,
    change: { ...order.change },
    name: order.name,
    articleId: order.articleId,
    gtin: order.gtin,
    de: order.de,
    at: order.at,
    ch: order.ch,
    packshot: {
      ...order.packshot,
      gtin: { ...order.packshot.gtin },
      articleId: { ...order.packshot.articleId },
    },
    internalDate: order.internalDate,
    externalDate: order.externalDate,
    vertretung: order.vertretung,
    description: order.description,
  };
}

export function textAt(values: OrderFormValues, path: OrderTextPath): string {
  const [head, middle, last] = path.split('.');
  if (head !== 'packshot') return values[path as keyof OrderFormValues] as string;
  if (middle === 'description') return values.packshot.description;
  if (middle === 'articleId') return values.packshot.articleId.display;
  return values.packshot.gtin[last as PackshotGtinType];
}

export function withText(values: OrderFormValues, path: OrderTextPath, text: string): OrderFormValues {
  const [head, middle, last] = path.split('.');
  if (head !== 'packshot') return { ...values, [path]: text };
  const packshot = values.packshot;
  if (middle === 'description') return { ...values, packshot: { ...packshot, description: text } };
  if (middle === 'articleId') return { ...values, packshot: { ...packshot, articleId: { display: text } } };
  return {
    ...values,
    packshot: { ...packshot, gtin: { ...packshot.gtin, [last as PackshotGtinType]: text } },
  };
}

/**
 * Spec 5: a name mentioning a shelf carton ticks the tray type, one mentioning a display the display
 * type. Only ever ticks, and only when the word comes into the name: a type the user unticked stays
 * unticked while they go on typing, and a name losing the word unticks nothing.
 */
export function tickByName(previous: string, name: string, packshot: Packshot): Packshot {
  const added = (word: string) => name.toLowerCase().includes(word) && !previous.toLowerCase().includes(word);
  const tray = packshot.tray || added('regalkarton');
  const display = packshot.display || added('display');
  return tray === packshot.tray && display === packshot.display ? packshot : { ...packshot, tray, display };
}

/** Spec 5: the form is locked while a change order says neither what nor whether data or images change. */
export const fieldsLocked = (values: Pick<OrderFormValues, 'new' | 'change'>): boolean =>
  values.new === 'no' && !values.change.data && !values.change.packshot;

/** Spec 5: the article lookup belongs to orders about an existing article (change, delete). */
export const lookupMode = (kind: OrderKind): boolean => kind === 'no' || kind === 'delete';

/** Takes over what the lookup found: the other number, the name and the article's countries. */
export function withArticle(
  values: OrderFormValues,
  by: 'gtin' | 'articleId',
  article: ArticleLookupAnswer,
): OrderFormValues {
  const countries = new Set(article.country.split(',').map((part) => part.trim()));
  return {
    ...values,
    ...(by === 'gtin' ? { articleId: article.articleId } : { gtin: article.gtin }),
    name: article.name,
    packshot: tickByName(values.name, article.name, values.packshot),
    de: countries.has('de'),
    at: countries.has('at'),
    ch: countries.has('ch'),
  };
}

/**
 * The values as they are saved. GTINs and the display article id of unticked types are hidden in the
 * form (kept there so that re-ticking brings them back) and are not saved; the change kinds only
 * mean something for a change order.
 */
export function saveValues(values: OrderFormValues): OrderFormValues {
  const { packshot } = values;
  const gtin = Object.fromEntries(
    PACKSHOT_GTIN_TYPES.map((type) => [type, packshot[type] ? packshot.gtin[type] : '']),
  ) as Packshot['gtin'];
  return {
    ...values,
    change: values.new === 'no' ? values.change : { data: false, packshot: false },
    packshot: {
      ...packshot,
      gtin,
      articleId: { display: packshot.display ? packshot.articleId.display : '' },
    },
  };
}

/** The fields whose saved value differs from the initial one: a change sends only those (spec 7.5). */
export function changedValues(initial: OrderFormValues, current: OrderFormValues): Partial<OrderFormValues> {
  const before = saveValues(initial);
  const after = saveValues(current);
  const changed: Partial<OrderFormValues> = {};
  for (const key of Object.keys(after) as (keyof OrderFormValues)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      Object.assign(changed, { [key]: after[key] });
    }
  }
  return changed;
}

/**
 * The contract's own rules applied to the form (the server validates with the same schema): the
 * first message (a translation key) per field path, e.g. `name` or `packshot.gtin.tray`.
 */
export function orderIssues(values: OrderFormValues): Record<string, string> {
  const result = OrderSave.safeParse(saveValues(values));
  if (result.success) return {};
  const issues: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    issues[path] ??= issue.message;
  }
  return issues;
}
