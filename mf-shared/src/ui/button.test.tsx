import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Button, buttonClassName, CloseButton, chipClassName } from './button.tsx';

describe('Button', () => {
  it('is a plain button by default and keeps the caller class after the kit ones', () => {
    render(<Button className="mine">Купить</Button>);
    const button = screen.getByRole('button', { name: 'Купить' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className.split(' ').at(-1)).toBe('mine');
  });

  it('passes a submit type, disabled and handlers through', () => {
    render(
      <Button type="submit" disabled>
        Оплатить
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Оплатить' }) as HTMLButtonElement;
    expect(button.type).toBe('submit');
    expect(button.disabled).toBe(true);
  });

  it('gives a link the same classes', () => {
    expect(buttonClassName('accent', 'x').endsWith(' x')).toBe(true);
    expect(buttonClassName()).not.toContain('undefined');
  });

  it('gives every look its own class and a choice box the outline one', () => {
    const looks = (['accent', 'secondary', 'outline', 'link', 'plain'] as const).map((v) => buttonClassName(v));
    expect(new Set(looks).size).toBe(5);
    expect(chipClassName('box').split(' ')).toEqual([buttonClassName('outline').split(' ')[1], 'box']);
  });

  it('names a close button by its label and shows × unless given an icon', () => {
    render(<CloseButton label="Закрыть" className="x" />);
    const close = screen.getByRole('button', { name: 'Закрыть' });
    expect(close.textContent).toBe('×');
    expect(close.getAttribute('type')).toBe('button');
  });
});
