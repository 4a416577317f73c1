import { Order, ORDER_UPLOAD_FIELD, type OrderSave, endpoints } from '@mediabox/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { sendMultipart, type OnProgress } from '../../../shared/api/multipart';
import { orderKeys } from './order-keys';

/**
 * The multipart body of `PUT /api/order` (spec 7.5): every field a text part, objects (`change`,
 * `packshot`) as JSON text, flags as "true"/"false", numbers as digits, and each file as a part
 * named `newFiles`. The fields come first so that the server knows the order before the (possibly
 * large) files stream in.
 */
export function orderFormData(save: OrderSave, files: readonly File[] = []): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(save)) {
    if (value === undefined) continue;
    if (typeof value === 'boolean') data.append(name, value ? 'true' : 'false');
    else if (typeof value === 'object' && value !== null) data.append(name, JSON.stringify(value));
    else data.append(name, String(value));
  }
  for (const file of files) data.append(ORDER_UPLOAD_FIELD, file, file.name);
  return data;
}

/** `PUT /api/order`: creates an order (no `_id`) or changes the fields sent (with `_id`), adding files. */
export async function saveOrder(save: OrderSave, files: readonly File[], onProgress?: OnProgress) {
  return Order.parse(
    await sendMultipart(endpoints.saveOrder, { body: orderFormData(save, files), onProgress }),
  );
}

export interface SaveOrderInput {
  save: OrderSave;
  files: readonly File[];
}

/**
 * Saves an order and reports the upload progress (null while nothing is being sent). Lists, the
 * order itself and the badge count all change with a save, so every order query is invalidated;
 * the mutation settles only once they are fresh, so an edit form closes onto the saved values.
 */
export function useSaveOrder() {
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ save, files }: SaveOrderInput) => {
      setProgress(0);
      return saveOrder(save, files, setProgress);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
