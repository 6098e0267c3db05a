import * as z from 'zod/mini';

/** Only what saves a round trip: the API decides whether the pair is right (and throttles). */
export const signInSchema = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Введите e-mail'),
      z.maxLength(254, 'Слишком длинный e-mail'),
      z.regex(/^[^\s@]+@[^\s@]+$/, 'Введите e-mail, например owner@mail.ru'),
    ),
  password: z.string().check(z.minLength(1, 'Введите пароль'), z.maxLength(1024, 'Слишком длинный пароль')),
});

export type SignInValues = z.infer<typeof signInSchema>;
