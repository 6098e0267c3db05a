// The local SMTP server the API tests and e2e rely on: it really speaks SMTP (a nodemailer client
// delivers to it), parses what it receives, and an outage refuses letters until it is over.
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeSmtpServer, startSmtpServer } from './smtp.ts';

let smtp: FakeSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

const send = (subject: string) =>
  nodemailer.createTransport(smtp.url).sendMail({
    from: 'Оригинал <shop@localhost>',
    to: ['a@example.ru', 'B@Example.ru'],
    subject,
    text: 'Привет',
    html: '<p>Привет</p>',
  });

it('receives a letter over SMTP and parses its addresses, Russian subject, text and HTML', async () => {
  expect(smtp.url).toBe(`smtp://127.0.0.1:${smtp.port}`);
  await send('Заказ №SH-ABCDE оформлен');
  const m = await smtp.waitFor((x) => x.subject.includes('SH-ABCDE'));
  expect(m).toMatchObject({ from: '"Оригинал" <shop@localhost>', fromAddress: 'shop@localhost', to: ['a@example.ru', 'b@example.ru'] });
  expect(m.text.trim()).toBe('Привет');
  expect(m.html).toContain('<p>Привет</p>');
});

it('while down answers 421 and stores nothing; back up, it receives again', async () => {
  smtp.setDown(true);
  const before = smtp.messages.length;
  await expect(send('во время сбоя')).rejects.toThrow(/421/);
  expect(smtp.refusedConnections()).toBe(1);
  expect(smtp.messages.length).toBe(before);
  smtp.setDown(false);
  await send('после сбоя');
  expect((await smtp.waitFor((x) => x.subject === 'после сбоя')).to).toEqual(['a@example.ru', 'b@example.ru']);
});

it('an outage also cuts the connections a pooled client keeps open', async () => {
  const pool = nodemailer.createTransport({ url: smtp.url, pool: true, maxConnections: 1 });
  const letter = (subject: string) => ({ from: 'shop@localhost', to: 'a@example.ru', subject, text: 'x' });
  await pool.sendMail(letter('пул 1'));
  smtp.setDown(true);
  await expect(pool.sendMail(letter('пул 2'))).rejects.toThrow();
  smtp.setDown(false);
  await pool.sendMail(letter('пул 3'));
  expect(smtp.messages.map((m) => m.subject).filter((x) => x.startsWith('пул'))).toEqual(['пул 1', 'пул 3']);
  pool.close();
});

it('waitFor names what arrived when the awaited letter does not', async () => {
  await expect(smtp.waitFor((x) => x.subject === 'никогда', 50)).rejects.toThrow(/received: .*после сбоя/);
});
