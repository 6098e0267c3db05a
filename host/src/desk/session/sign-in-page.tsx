import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useSearchParams } from 'react-router-dom';
import { DeskError, deskApi } from '../api/desk-api.ts';
import { safeNext } from '../desk-path.ts';
import { Button } from '@shop/mf-shared/button';
import { TextField } from '@shop/mf-shared/text-field';
import { useDeskSession } from './desk-session.tsx';
import { type SignInValues, signInSchema } from './sign-in-schema.ts';
import desk from '../ui/desk.module.css';
import styles from './sign-in.module.css';

/** «Вход для сотрудников»: e-mail and password; the API's refusal (wrong pair, throttled) beside the form. */
export function SignInPage() {
  const session = useDeskSession();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [failure, setFailure] = useState<DeskError | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues, unknown, SignInValues>({
    defaultValues: { email: '', password: '' },
    resolver: zodResolver(signInSchema),
    mode: 'onSubmit',
  });

  useEffect(() => {
    document.title = 'Вход для сотрудников';
  }, []);
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  if (session.state.kind === 'signed-in') return <Navigate to={next} replace />;

  const onSubmit = async (values: SignInValues) => {
    setFailure(null);
    try {
      const { user } = await deskApi.signIn(values.email, values.password);
      session.signedIn(user);
    } catch (error) {
      setFailure(error instanceof DeskError ? error : new DeskError('network', String(error)));
    }
  };

  return (
    <section className={styles.card} aria-labelledby="sign-in-title">
      <h1 id="sign-in-title" className={styles.title}>
        Вход для сотрудников
      </h1>
      {failure && (
        <div ref={alertRef} tabIndex={-1} role="alert" className={styles.failure} data-code={failure.code || failure.kind}>
          {failure.message}
        </div>
      )}
      <form className={styles.form} noValidate onSubmit={handleSubmit(onSubmit)}>
        <TextField
          id="desk-email"
          label="E-mail"
          type="email"
          autoComplete="username"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          id="desk-password"
          label="Пароль"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" className={desk.button} disabled={isSubmitting}>
          {isSubmitting ? 'Входим…' : 'Войти'}
        </Button>
      </form>
      <p className={styles.hint}>
        Учётную запись выдаёт владелец магазина. Забыли пароль — попросите владельца задать новый.
      </p>
    </section>
  );
}
