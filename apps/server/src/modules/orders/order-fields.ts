import type { OrderSaveParsed, Packshot } from '@mediabox/contract';
import type { OrderRow, OrderRowUpdate } from './orders.repository.js';

/** A form field of the app that a change may set (status, history and files are handled apart). */
export type OrderField = keyof Omit<OrderSaveParsed, '_id' | 'status' | 'history' | 'files'>;
export type OrderFormValues = Required<Pick<OrderSaveParsed, OrderField>>;

export const flag = (value: boolean) => (value ? 1 : 0);

/** The form values of a stored order, as the app sends them (to compare, and to log from/to). */
export function formValuesOf(order: OrderRow): OrderFormValues {
  return {
    name: order.name,
    articleId: order.article_id,
    gtin: order.gtin,
    de: order.country_de === 1,
    at: order.country_at === 1,
    ch: order.country_ch === 1,
    new: order.kind,
    change: { data: order.change_data === 1, packshot: order.change_packshot === 1 },
    packshot: JSON.parse(order.packshot) as Packshot,
    internalDate: order.internal_date,
    externalDate: order.external_date,
    vertretung: order.vertretung,
    description: order.description,
    notify: order.notify === 1,
  };
}

/** The columns one form field is stored in. */
export function columnsOf<F extends OrderField>(field: F, value: OrderFormValues[F]): OrderRowUpdate {
  const values = { [field]: value } as Partial<OrderFormValues>;
  switch (field) {
    case 'name':
      return { name: values.name! };
    case 'articleId':
      return { article_id: values.articleId! };
    case 'gtin':
      return { gtin: values.gtin! };
    case 'de':
      return { country_de: flag(values.de!) };
    case 'at':
      return { country_at: flag(values.at!) };
    case 'ch':
      return { country_ch: flag(values.ch!) };
    case 'new':
      return { kind: values.new! };
    case 'change':
      return { change_data: flag(values.change!.data), change_packshot: flag(values.change!.packshot) };
    case 'packshot':
      return { packshot: JSON.stringify(values.packshot) };
    case 'internalDate':
      return { internal_date: values.internalDate! };
    case 'externalDate':
      return { external_date: values.externalDate! };
    case 'vertretung':
      return { vertretung: values.vertretung! };
    case 'description':
      return { description: values.description! };
    case 'notify':
      return { notify: flag(values.notify!) };
    default:
      throw new Error(`Unknown order field ${String(field)}`);
  }
}
