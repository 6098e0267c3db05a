// Guards what a manager sees instead of personal data and how CSV cells are written (no database).
import { describe, expect, it } from 'vitest';
import { checkPassword, hashPassword } from '../src/accounts/passwords.ts';
import { csvCell, csvLine } from '../src/desk/csv.ts';
import { maskEmail, maskIp, maskName, maskPhone } from '../src/desk/masking.ts';

describe('desk masks and CSV cells', () => {
  it('masks names, phones, e-mails and addresses down to what tells orders apart', () => {
    expect(maskName('Петров Иван Сергеевич')).toBe('Иван П.');
    expect(maskName('Иван Петров')).toBe('Иван П.');
    expect(maskName('  Ёжиков   Ёж  ')).toBe('Ёжиков Ё.');
    expect(maskName('Мадонна')).toBe('М.');
    expect(maskName('')).toBe('');
    expect(maskPhone('+79123456767')).toBe('+7 *** ***-**-67');
    expect(maskPhone('12')).toBe('***');
    expect(maskEmail('ivan.petrov@mail.ru')).toBe('i***@mail.ru');
    expect(maskEmail('broken')).toBe('***');
    expect(maskIp('203.0.113.5')).toBe('203.0.113.*');
    expect(maskIp('2001:db8::1')).toBe('2001:db8:*');
  });

  it('defuses formula cells and quotes separators, quotes and line breaks', () => {
    for (const formula of ['=1+1', '+7912', '-2', '@SUM(A1)', '\t=1', '\r=1']) expect(csvCell(formula).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['Номер', 12990, '=cmd|x'])).toBe("Номер;12990;'=cmd|x\r\n");
  });

  it('hashes passwords with argon2id and checks them; an unknown account never matches', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await checkPassword(stored, 'correct horse battery')).toBe(true);
    expect(await checkPassword(stored, 'correct horse batterY')).toBe(false);
    expect(await checkPassword(null, 'correct horse battery')).toBe(false);
    expect(await checkPassword('not a hash', 'x')).toBe(false);
  });
});
