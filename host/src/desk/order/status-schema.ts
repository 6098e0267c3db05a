import { parseTrackingNumber } from '@shop/contracts/order';
import * as z from 'zod/mini';

export const MAX_NOTE_LENGTH = 500;

/** The note beside a status change: optional, one paragraph or a few lines. */
export const statusNoteSchema = z.object({
  note: z
    .string()
    .check(
      z.trim(),
      z.maxLength(MAX_NOTE_LENGTH, `Слишком длинный комментарий: не больше ${MAX_NOTE_LENGTH} символов`),
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
      z.refine<string>((v) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(v), 'Комментарий содержит недопустимые символы'),
    ),
  /** The parcel's number, for a move to «отправлен»: optional, as the carrier prints it. */
  trackingNumber: z
    .string()
    .check(
      z.trim(),
      z.refine<string>((v) => v === '' || parseTrackingNumber(v) !== null, 'Трек-номер: 6–20 латинских букв и цифр, например 1234567890'),
    ),
});

export type StatusNoteValues = z.infer<typeof statusNoteSchema>;
